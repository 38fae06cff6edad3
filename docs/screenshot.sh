#!/bin/sh
# make screenshot: the HTML report of the examples, each built with its
# policy and a policy reporting every other call, photographed by headless
# Chromium: docs/html-report.png (spinlock_unlock.c's page at its softirq
# path) and docs/html-index.png (the index).
#   sh docs/screenshot.sh BUILD_DIR GCC
set -eu
B=$1
GCC=$2
out=$B/screenshot
rm -rf "$out"
mkdir -p "$out/results"
printf 'version: 1\nfunctions:\n  - {name: "*", action: report}\n' \
	>"$out/all.yaml"
for f in examples/*.c; do
	n=$(basename "$f" .c)
	"$GCC" -O2 -c "$f" -o "$out/$n.o" -fplugin="$B/hotinline.so" \
		-fplugin-arg-hotinline-policy="policies/$n.yaml" \
		-fplugin-arg-hotinline-policy="$out/all.yaml" \
		-fplugin-arg-hotinline-results="$out/results" 2>/dev/null
done
"$B/hotinline-summary" --html "$out/site" "$out/results"

# A page scrolled to a line, through a frame: Chromium's --screenshot
# does not scroll to a URL's fragment.
page=$(cd "$out/site" && grep -l '<h1>examples/spinlock_unlock.c</h1>' \
	src/*.html)
line=$(grep -n '^static void net_rx_action' examples/spinlock_unlock.c |
	cut -d: -f1)
printf '<!DOCTYPE html>\n<html><body style="margin:0"><iframe src="%s#L%s" '\
'style="border:0;width:1200px;height:760px"></iframe></body></html>\n' \
	"$page" "$line" >"$out/site/frame.html"

shoot() {
	profile=$(mktemp -d)
	chromium --headless --no-sandbox --disable-gpu --disable-quic \
		--no-first-run --disable-background-networking \
		--disable-component-update --disable-sync \
		--user-data-dir="$profile" --hide-scrollbars \
		--window-size=1200,760 --screenshot="$2" "file://$1" \
		>/dev/null 2>&1
	rm -rf "$profile"
	test -s "$2"
	echo "wrote $2"
}
shoot "$(cd "$out/site" && pwd)/frame.html" docs/html-report.png
shoot "$(cd "$out/site" && pwd)/index.html" docs/html-index.png
