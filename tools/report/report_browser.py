#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""make report's page tested in a real browser (docs/report.md): headless Chromium
loads PAGE from file://, and the DOM it rendered must hold a row per registry block, no link or
image to a missing file, no image that failed to decode (the page's own script writes what it
loaded into body[data-images]) and no network address; then a screenshot of the page is saved.
usage: python3 -m tools.report.report_browser check PAGE.html SCREENSHOT.png BLOCK... [--image FILE]...
                                   --image: a file the page must show as a decoded image
       python3 -m tools.report.report_browser selftest PAGE.html BLOCK...   a row removed, a link and an image
                                   broken in a copy of PAGE: the check must name all three."""
import html.parser
import os
import re
import shutil
import subprocess
import sys
import urllib.parse

CHROMIUM = ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
            "--allow-file-access-from-files"]
TIMEOUT_S = 60
WINDOW = "1280,2400"


class BrowserError(Exception):
    """Chromium missing or failing: one line, exit status 2."""


class Dom(html.parser.HTMLParser):
    """What the check reads from the rendered DOM: rows' blocks, links, images, the marker."""

    def __init__(self):
        super().__init__()
        self.blocks, self.links, self.images, self.marker = [], [], [], None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "tr" and "data-block" in a:
            self.blocks.append(a["data-block"])
        if tag == "a" and a.get("href"):
            self.links.append(a["href"])
        if tag == "img":
            self.images.append(a.get("src", ""))
        if tag == "body" and "data-images" in a:
            self.marker = a["data-images"]


def chromium(args, tmp):
    """Runs headless Chromium with its profile in TMP; its stdout."""
    cmd = CHROMIUM + ["--user-data-dir=" + os.path.join(tmp, "profile")] + args
    try:
        run = subprocess.run(cmd, capture_output=True, text=True, timeout=TIMEOUT_S, check=False)
    except FileNotFoundError:
        raise BrowserError("chromium not found (tools/check/ensure-tools.sh installs it)") from None
    except subprocess.TimeoutExpired:
        raise BrowserError(f"chromium did not finish in {TIMEOUT_S} s") from None
    if run.returncode != 0:
        raise BrowserError(f"chromium exit {run.returncode}: {run.stderr.strip().splitlines()[-1:]}")
    return run.stdout


def rendered(page, tmp):
    """The DOM Chromium rendered from PAGE (after the load event)."""
    url = "file://" + urllib.parse.quote(os.path.abspath(page))
    dom = Dom()
    dom.feed(chromium(["--dump-dom", url], tmp))
    return dom


def missing_target(ref, page_dir):
    """The file a relative reference names when it does not exist, else None; a network address
    is a problem of its own (the page must work offline)."""
    parsed = urllib.parse.urlparse(ref)
    if parsed.scheme or parsed.netloc:
        return f"network or absolute address {ref}"
    path = urllib.parse.unquote(parsed.path)
    if not path:  # a link to an anchor of the page
        return None
    return None if os.path.exists(os.path.join(page_dir, path)) else f"broken link {ref}"


def shown(dom, page_dir, image):
    """True when an image of the page is the file IMAGE."""
    return any(os.path.exists(os.path.join(page_dir, src))
               and os.path.samefile(os.path.join(page_dir, src), image) for src in dom.images)


def problems(dom, page_dir, blocks, images=()):
    """Everything wrong with the rendered page: rows missing, links or images broken, an image
    expected not shown."""
    found = [f"image {i} not shown" for i in images if not shown(dom, page_dir, i)]
    rows = set(dom.blocks)
    found += [f"no row for block {b}" for b in blocks if b not in rows]
    found += [f"row for {b}, not a registry block" for b in sorted(rows - set(blocks))]
    for ref in dom.links + dom.images:
        p = missing_target(ref, page_dir)
        if p:
            found.append(p)
    if dom.marker is None:
        found.append("no body[data-images]: the page's load script did not run")
    else:
        count, _, broken = dom.marker.partition(" ")
        if not count.isdigit() or int(count) != len(dom.images):
            found.append(f"images loaded '{count}', the DOM holds {len(dom.images)}")
        found += [f"image not decoded {b}" for b in broken.split()]
    return found


def check(page, shot, args, tmp):
    """0 when the page renders cleanly (screenshot saved), 1 naming each problem."""
    blocks = [a for i, a in enumerate(args) if a != "--image" and (i == 0 or args[i - 1] != "--image")]
    images = [args[i + 1] for i, a in enumerate(args[:-1]) if a == "--image"]
    if args[-1] == "--image" or any(not os.path.isfile(i) for i in images):
        raise BrowserError("--image needs an existing file")
    dom = rendered(page, tmp)
    found = problems(dom, os.path.dirname(os.path.abspath(page)), blocks, images)
    for p in found:
        print(f"report-browser: {page}: {p}")
    chromium([f"--screenshot={os.path.abspath(shot)}", f"--window-size={WINDOW}",
              "file://" + urllib.parse.quote(os.path.abspath(page))], tmp)
    with open(shot, "rb") as f:
        if f.read(8) != b"\x89PNG\r\n\x1a\n":
            raise BrowserError(f"{shot}: not a PNG")
    print(f"report-browser: {page}: {len(dom.blocks)} block rows, {len(dom.links)} links, "
          f"{len(dom.images)} images; {len(found)} problems; screenshot {shot}")
    return 1 if found else 0


def broken_copy(page, block):
    """A copy of PAGE beside it with BLOCK's row removed, its first link and image broken; the
    problems the check must report on it."""
    with open(page, encoding="utf-8") as f:
        text = f.read()
    row = re.compile(r'<tr data-block="%s">.*?</tr>' % re.escape(block), re.S)
    text, rows = row.subn("", text, count=1)
    link = re.search(r'<a href="([^"#]+)"', text)
    image = re.search(r'<img src="([^"]+)"', text)
    if not rows or not link or not image:
        raise BrowserError(f"{page}: no row for {block}, or no link, or no image to break")
    text = text.replace(f'<a href="{link.group(1)}"', '<a href="missing-page.html"', 1)
    text = text.replace(f'<img src="{image.group(1)}"', '<img src="missing-plot.svg"', 1)
    copy = os.path.join(os.path.dirname(page), "selftest-broken.html")
    with open(copy, "w", encoding="utf-8") as f:
        f.write(text)
    expected = [f"no row for block {block}", "broken link missing-page.html",
                "broken link missing-plot.svg", "image not decoded missing-plot.svg"]
    return copy, expected


def selftest(page, blocks, tmp):
    """The check fails on a broken copy naming each break, and passes on the page itself."""
    copy, expected = broken_copy(page, blocks[0])
    dom = rendered(copy, tmp)
    found = problems(dom, os.path.dirname(os.path.abspath(copy)), blocks)
    os.remove(copy)
    lost = [e for e in expected if e not in found]
    extra = [p for p in found if p not in expected]
    if lost or extra:
        print(f"report-browser selftest: not reported {lost}; reported besides {extra}")
        return 1
    print(f"report-browser selftest: the broken copy fails with {len(found)} problems: "
          + "; ".join(found))
    return 0


def main(argv):
    verb, args = (argv[1], argv[2:]) if len(argv) > 1 else ("", [])
    if not ((verb == "check" and len(args) >= 3) or (verb == "selftest" and len(args) >= 2)):
        print(__doc__[__doc__.index("usage:"):].rstrip(), file=sys.stderr)
        return 2
    page = args[0]
    tmp = os.path.join(os.path.dirname(os.path.abspath(page)), ".chromium")
    try:
        if not os.path.isfile(page):
            raise BrowserError(f"{page}: no such page (make report writes it)")
        os.makedirs(tmp, exist_ok=True)
        return check(page, args[1], args[2:], tmp) if verb == "check" else selftest(page, args[1:], tmp)
    except (BrowserError, OSError) as e:
        print(f"report-browser: {e}", file=sys.stderr)
        return 2
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
