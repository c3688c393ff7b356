# --- the C models as a library (issue 21, docs/api.md): libdeltarf and make install ----------
# make install PREFIX=/usr/local [LIBDIR=...] [INCLUDEDIR=...] [DESTDIR=...]: the headers as
# include/deltarf/*.h (deltarf.h includes them all), libdeltarf.a, libdeltarf.so.V with its
# soname link, lib/pkgconfig/deltarf.pc (make lib: the two libraries in build/lib/ only).
# make uninstall removes them. installtest (tests/install_test.sh): install into a temporary
# prefix, headers as C11 and C++17, the examples/ client built through pkg-config, static,
# shared and as C++, the docs/api.md examples.
PREFIX ?= /usr/local
LIBDIR ?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
DESTDIR ?=

# The version: MAJOR.MINOR.PATCH of cmodel/deltarf_version.h, its one source.
LIB_VERSION := $(shell tools/version.sh)
LIB_MAJOR := $(word 1,$(subst ., ,$(LIB_VERSION)))
LIB_MINOR := $(word 2,$(subst ., ,$(LIB_VERSION)))
# Before 1.0.0 a minor release may change the ABI (semantic versioning), so the soname
# carries MAJOR.MINOR; from 1.0.0 on, MAJOR only.
LIB_SONAME := libdeltarf.so.$(if $(filter 0,$(LIB_MAJOR)),$(LIB_MAJOR).$(LIB_MINOR),$(LIB_MAJOR))

# The models only (cmodel/): eval/ and cli/ are the CLI's, not the library's. Of tb/ only the
# header-only generator rng.h (the fault maps draw from it; not installed) is on the include
# path. -fPIC objects of their own, so build/obj and the benches are untouched; the build
# tree's path is mapped out of the debug information.
LIB_HEADERS := $(sort $(wildcard cmodel/*.h))
LIB_SRC := $(sort $(wildcard cmodel/*.c))
LIB_OBJ := $(LIB_SRC:%.c=$(BUILD)/pic/%.o)
LIB_CFLAGS := -std=c11 -O2 -g -Wall -Wextra -Werror -fPIC -ffile-prefix-map=$(CURDIR)=. -Icmodel \
  -Itb
# What the models need beyond libc: nothing today. The shared library is linked with -z defs
# against this list, so a missing entry fails its link; deltarf.pc's Libs.private is this list.
LIB_LIBS_PRIVATE :=
LIB_STATIC := $(BUILD)/lib/libdeltarf.a
LIB_SHARED := $(BUILD)/lib/libdeltarf.so.$(LIB_VERSION)

$(BUILD)/pic/%.o: %.c $(LIB_HEADERS) tb/rng.h
	@mkdir -p $(dir $@)
	$(CC) $(LIB_CFLAGS) -c $< -o $@

$(LIB_STATIC): $(LIB_OBJ)
	@mkdir -p $(dir $@)
	rm -f $@ && ar rcs $@ $^

$(LIB_SHARED): $(LIB_OBJ)
	@mkdir -p $(dir $@)
	$(CC) -shared -Wl,-soname,$(LIB_SONAME) -Wl,-z,defs $^ $(LIB_LIBS_PRIVATE) -o $@

# deltarf.pc for PREFIX; libdir and includedir relative to ${prefix} when under it.
pc_dir = $(patsubst $(PREFIX)/%,$${prefix}/%,$(1))
define DELTARF_PC
prefix=$(PREFIX)
libdir=$(call pc_dir,$(LIBDIR))
includedir=$(call pc_dir,$(INCLUDEDIR))

Name: deltarf
Description: bit-accurate C golden models of GPU register-file mechanisms (RC, RAR, DC-Patch)
Version: $(LIB_VERSION)
Cflags: -I$${includedir}
Libs: -L$${libdir} -ldeltarf
Libs.private: $(LIB_LIBS_PRIVATE)
endef
install: export DELTARF_PC_TEXT = $(DELTARF_PC)

.PHONY: lib install uninstall installtest
lib: $(LIB_STATIC) $(LIB_SHARED)

install: $(LIB_STATIC) $(LIB_SHARED)
	install -d $(DESTDIR)$(INCLUDEDIR)/deltarf $(DESTDIR)$(LIBDIR)/pkgconfig
	install -m 644 $(LIB_HEADERS) $(DESTDIR)$(INCLUDEDIR)/deltarf/
	install -m 644 $(LIB_STATIC) $(DESTDIR)$(LIBDIR)/
	install -m 755 $(LIB_SHARED) $(DESTDIR)$(LIBDIR)/
	ln -sf $(notdir $(LIB_SHARED)) $(DESTDIR)$(LIBDIR)/$(LIB_SONAME)
	ln -sf $(LIB_SONAME) $(DESTDIR)$(LIBDIR)/libdeltarf.so
	printf '%s\n' "$$DELTARF_PC_TEXT" >$(DESTDIR)$(LIBDIR)/pkgconfig/deltarf.pc

uninstall:
	rm -f $(LIB_HEADERS:cmodel/%=$(DESTDIR)$(INCLUDEDIR)/deltarf/%)
	-rmdir $(DESTDIR)$(INCLUDEDIR)/deltarf
	rm -f $(DESTDIR)$(LIBDIR)/libdeltarf.a $(DESTDIR)$(LIBDIR)/libdeltarf.so \
	  $(DESTDIR)$(LIBDIR)/$(LIB_SONAME) $(DESTDIR)$(LIBDIR)/$(notdir $(LIB_SHARED)) \
	  $(DESTDIR)$(LIBDIR)/pkgconfig/deltarf.pc

installtest: $(BUILD)/deltarf $(BUILD)/libdrf.a
	MAKE="$(MAKE)" tests/install_test.sh $(BUILD)/deltarf
