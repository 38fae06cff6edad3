#!/bin/sh
# hotinline's Debian packages in a clean Debian system: install them with
# apt as a user would, use them, and remove them.
#
#   testsuite/packages/install.sh DEBDIR          test the packages in DEBDIR
#   testsuite/packages/install.sh --build DEBDIR  build them from this checkout
#                                            in the clean system, into DEBDIR
#
# make check-deb tests what `make deb` built, in Debian 12; make
# check-deb-forky builds and tests them in Debian testing (GCC 16).  Root.
# The system is a minimal Debian (debootstrap --variant=minbase), made once
# in build/deb-chroot/SUITE and reused when complete; each run works in a
# throwaway overlay over it, so every run starts from the same clean system
# and leaves it unchanged.
#
# HOTINLINE_DEB_SUITE   bookworm (Debian 12, default), forky (testing) or
#                       sid (unstable)
# HOTINLINE_DEB_GCC     the GCC whose plugin package is tested (bookworm:
#                       12, forky and sid: 16)
# HOTINLINE_DEB_CLANG   the Clang whose plugin package is tested too when
#                       DEBDIR has it (llvm-N-hotinline; default 16; none:
#                       no Clang package in this run)
# HOTINLINE_DEB_CLANGS  --build: Clang versions to install in the system
#                       and build plugin packages for (forky: 22; the
#                       archive must have clang-N, llvm-N-dev and
#                       libclang-N-dev)
# HOTINLINE_DEB_GCCS    --build: more GCC versions to install in the
#                       system and build plugin packages for (forky: 13 14
#                       15; the archive must have their gcc-N-plugin-dev)
# HOTINLINE_DEB_CHROOT  where the systems and apt's download caches live
#                       (build/deb-chroot)
# HOTINLINE_MIRROR      the Debian archive (default for bookworm: the
#                       sources apt uses here, so that the system gets the
#                       compiler build the packages were made for; for
#                       forky: the first archive of those)
set -eu

MODE=test
if [ "${1:-}" = --build ]; then
	MODE=build
	shift
fi
mkdir -p "${1:?usage: $0 [--build] DEBDIR}"
DEBDIR=$(cd "$1" && pwd)
SRC=$(cd "$(dirname "$0")/../.." && pwd)
CACHE=${HOTINLINE_DEB_CHROOT:-$SRC/build/deb-chroot}
SUITE=${HOTINLINE_DEB_SUITE:-bookworm}
case $SUITE in
bookworm) N=${HOTINLINE_DEB_GCC:-12} ;;
forky|sid) N=${HOTINLINE_DEB_GCC:-16} ;;
*) echo "deb-install: HOTINLINE_DEB_SUITE is bookworm, forky or sid" >&2; exit 2 ;;
esac
BASE=$CACHE/$SUITE
STAMP=$BASE/.hotinline-complete
# The stamp names the system, so that a changed recipe remakes it.
WANT="$SUITE minbase ${HOTINLINE_MIRROR:-host-sources}"

[ "$(id -u)" -eq 0 ] || { echo "deb-install: needs root" >&2; exit 1; }
now() { date +%s; }
T0=${T0:-$(now)}
# In a mount namespace of its own: the mounts are private to this run and
# vanish with it, however it ends.
if [ -z "${HOTINLINE_DEB_PRIVATE:-}" ]; then
	HOTINLINE_DEB_PRIVATE=1 T0=$T0 exec unshare --mount \
		--propagation private sh "$0" $([ $MODE = test ] || echo --build) \
		"$DEBDIR"
fi
say() { echo "deb-install: [$(( $(now) - T0 ))s] $*"; }
fail() { echo "deb-install: FAIL: $*" >&2; exit 1; }

if [ $MODE = test ]; then
	PLUGIN_DEB=$(ls "$DEBDIR"/gcc-$N-hotinline_*.deb 2>/dev/null | head -n 1)
	TOOLS_DEB=$(ls "$DEBDIR"/hotinline-tools_*.deb 2>/dev/null | head -n 1)
	[ -n "$PLUGIN_DEB" ] && [ -n "$TOOLS_DEB" ] ||
		fail "no gcc-$N-hotinline or hotinline-tools package in $DEBDIR (make deb)"
	L=${HOTINLINE_DEB_CLANG:-16}
	LLVM_DEB=
	[ "$L" = none ] ||
	LLVM_DEB=$(ls "$DEBDIR"/llvm-$L-hotinline_*.deb 2>/dev/null | head -n 1)
fi

# --- The clean system, made once ------------------------------------------
MOUNTS=
mount_at() { # what where [options]
	mkdir -p "$2"
	mount ${3:-} "$1" "$2"
	MOUNTS="$2 $MOUNTS"
}
unmount_all() {
	for m in $MOUNTS; do
		umount "$m" 2>/dev/null || umount -l "$m" || true
	done
	MOUNTS=
}
trap unmount_all EXIT
trap 'exit 130' INT TERM HUP

# ROOT CMD...: CMD in the system at ROOT, in a clean environment.
in_root() {
	r=$1
	shift
	chroot "$r" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin \
		HOME=/root LC_ALL=C.UTF-8 DEBIAN_FRONTEND=noninteractive "$@"
}

# The first Debian archive apt is configured with here (deb822 or one-line).
host_mirror() {
	m=$(cat /etc/apt/sources.list.d/*.sources /etc/apt/sources.list \
		2>/dev/null | sed -n \
		-e 's|^URIs: *\(http[^ ]*/debian\)/*$|\1|p' \
		-e 's|^deb  *\(\[[^]]*\]  *\)\{0,1\}\(http[^ ]*/debian\)/* .*|\2|p' \
		| head -n 1)
	echo "${m:-http://deb.debian.org/debian}"
}

write_sources() { # ROOT
	rm -f "$1"/etc/apt/sources.list "$1"/etc/apt/sources.list.d/*
	if [ "$SUITE" != bookworm ]; then
		echo "deb ${HOTINLINE_MIRROR:-$(host_mirror)} $SUITE main" \
			> "$1"/etc/apt/sources.list
	elif [ -n "${HOTINLINE_MIRROR:-}" ]; then
		printf 'deb %s bookworm main\ndeb %s bookworm-updates main\n' \
			"$HOTINLINE_MIRROR" "$HOTINLINE_MIRROR" \
			> "$1"/etc/apt/sources.list
	else
		cp /etc/apt/sources.list.d/*.sources "$1"/etc/apt/sources.list.d/ \
			2>/dev/null || true
		cp /etc/apt/sources.list "$1"/etc/apt/ 2>/dev/null || true
	fi
}

# apt-get update; the testing archive's Release file may be older than
# its validity.
apt_update() { # ROOT
	in_root "$1" apt-get -q -o Acquire::Check-Valid-Until=false update
}

create_base() {
	if [ -f "$STAMP" ] && [ "$(cat "$STAMP")" = "$WANT" ]; then
		say "reusing the $SUITE system in $BASE"
		return
	fi
	command -v debootstrap >/dev/null || fail "debootstrap is not installed"
	m=${HOTINLINE_MIRROR:-$(host_mirror)}
	say "debootstrap $SUITE (minbase) into $BASE from $m"
	rm -rf "$BASE"
	mkdir -p "$BASE"
	# Debian 12's debootstrap has no forky script; sid's fits.
	script=
	[ "$SUITE" = bookworm ] || script=/usr/share/debootstrap/scripts/sid
	debootstrap --variant=minbase "$SUITE" "$BASE" "$m" $script \
		> "$CACHE/debootstrap-$SUITE.log" 2>&1 ||
		fail "debootstrap failed; see $CACHE/debootstrap-$SUITE.log"
	write_sources "$BASE"
	# A user to run the compiler as.
	if ! in_root "$BASE" sh -c 'command -v useradd' >/dev/null; then
		apt_update "$BASE" >/dev/null
		in_root "$BASE" apt-get install -y -q passwd >/dev/null
	fi
	in_root "$BASE" useradd --create-home --uid 1000 --user-group builder
	in_root "$BASE" apt-get clean
	find "$BASE"/var/lib/apt/lists -maxdepth 1 -type f -delete
	echo "$WANT" > "$STAMP"
	say "the $SUITE system is complete"
}

mkdir -p "$CACHE/archives-$SUITE/partial"
create_base

# --- This run: an overlay over the clean system ----------------------------
RUN=$CACHE/run-$SUITE
rm -rf "$RUN"
mkdir -p "$RUN/upper" "$RUN/work" "$RUN/root"
mount_at overlay "$RUN/root" "-t overlay -o lowerdir=$BASE,upperdir=$RUN/upper,workdir=$RUN/work"
ROOT=$RUN/root
mount_at /proc "$ROOT/proc" "-t proc"
mount_at /dev "$ROOT/dev" --bind
# apt's downloads are kept across runs.
mount_at "$CACHE/archives-$SUITE" "$ROOT/var/cache/apt/archives" --bind
cp /etc/resolv.conf "$ROOT/etc/resolv.conf" 2>/dev/null || true
# A throwaway system: dpkg need not sync every file it unpacks.
echo force-unsafe-io > "$ROOT/etc/dpkg/dpkg.cfg.d/hotinline-test"

say "apt-get update"
apt_update "$ROOT" > "$RUN/apt.log" 2>&1 ||
	{ cat "$RUN/apt.log"; fail "apt-get update"; }

# --build: the packages built as `make deb` does, in a copy of this
# checkout, with only the build dependencies debian/control names.
if [ $MODE = build ]; then
	mkdir -p "$ROOT/build/src"
	(cd "$SRC" && tar -cf - --exclude=./build --exclude=./.git .) |
		tar -xf - -C "$ROOT/build/src"
	say "apt-get build-dep (debian/control)"
	in_root "$ROOT" apt-get build-dep -y -q /build/src >> "$RUN/apt.log" 2>&1 ||
		{ tail -n 30 "$RUN/apt.log"; fail "apt-get build-dep"; }
	# The other GCCs of the suite (the build makes a package for each
	# it finds): those of HOTINLINE_DEB_GCCS the archive has.
	extra= wanted=
	for n in ${HOTINLINE_DEB_GCCS:-}; do
		[ "$n" = "$N" ] && continue
		in_root "$ROOT" apt-cache show gcc-$n-plugin-dev >/dev/null 2>&1 &&
			{ extra="$extra gcc-$n g++-$n gcc-$n-plugin-dev"
			  wanted="$wanted $n"; } ||
			say "no gcc-$n-plugin-dev in $SUITE: no gcc-$n-hotinline"
	done
	# And its Clangs (debian/rules builds llvm-N-hotinline for each
	# clang-N it finds).
	clangs=
	for n in ${HOTINLINE_DEB_CLANGS:-}; do
		in_root "$ROOT" apt-cache show llvm-$n-dev libclang-$n-dev \
			>/dev/null 2>&1 &&
			{ extra="$extra clang-$n llvm-$n-dev libclang-$n-dev"
			  clangs="$clangs $n"; } ||
			say "no llvm-$n-dev in $SUITE: no llvm-$n-hotinline"
	done
	if [ -n "$extra" ]; then
		say "apt-get install$extra"
		in_root "$ROOT" apt-get install -y -q --no-install-recommends $extra \
			>> "$RUN/apt.log" 2>&1 ||
			{ tail -n 30 "$RUN/apt.log"; fail "apt-get install$extra"; }
	fi
	say "dpkg-buildpackage -us -uc -b"
	in_root "$ROOT" sh -c 'cd /build/src && dpkg-buildpackage -us -uc -b -J2' \
		> "$RUN/build.log" 2>&1 ||
		{ tail -n 40 "$RUN/build.log"; fail "dpkg-buildpackage"; }
	grep '^hotinline: packages for' "$RUN/build.log" | head -n 1
	rm -f "$DEBDIR"/*.deb "$DEBDIR"/*.changes "$DEBDIR"/*.buildinfo
	cp "$ROOT"/build/*.deb "$ROOT"/build/*.changes "$ROOT"/build/*.buildinfo \
		"$DEBDIR"/
	unmount_all
	rm -rf "$RUN"
	say "built into $DEBDIR: $(cd "$DEBDIR" && echo *.deb)"
	for n in $N $wanted; do
		ls "$DEBDIR"/gcc-$n-hotinline_*.deb >/dev/null 2>&1 ||
			fail "gcc-$n is installed but no gcc-$n-hotinline was built"
	done
	for n in $clangs; do
		ls "$DEBDIR"/llvm-$n-hotinline_*.deb >/dev/null 2>&1 ||
			fail "clang-$n is installed but no llvm-$n-hotinline was built"
	done
	exit 0
fi

mkdir -p "$ROOT/debs"
cp "$PLUGIN_DEB" "$TOOLS_DEB" $LLVM_DEB "$ROOT/debs/"
mkdir -p "$ROOT/home/builder/t"
cp "$SRC/examples/xarray_walk.c" "$SRC/examples/radix_lookup.c" \
	"$ROOT/home/builder/t/"
# The same function, audited rather than forced.
cat > "$ROOT/home/builder/t/report.yaml" <<'EOF'
version: 1
functions:
  - name: xas_descend
    action: report
    reason: "walk step of every lookup"
EOF
chown -R 1000:1000 "$ROOT/home/builder/t"

# As the user, in their directory.
as_user() {
	chroot --userspec=1000:1000 "$ROOT" /usr/bin/env -i \
		PATH=/usr/bin:/bin HOME=/home/builder LC_ALL=C.UTF-8 \
		sh -c 'cd /home/builder/t && exec "$@"' sh "$@"
}

# Only the packages, what they depend on (the compiler comes with the
# plugin's dependency), the C library's headers to compile with and man.
say "apt-get install $(basename "$PLUGIN_DEB") $(basename "$TOOLS_DEB") libc6-dev man-db"
in_root "$ROOT" apt-get install -y -q --no-install-recommends \
	"/debs/$(basename "$PLUGIN_DEB")" "/debs/$(basename "$TOOLS_DEB")" \
	libc6-dev man-db >> "$RUN/apt.log" 2>&1 ||
	{ tail -n 30 "$RUN/apt.log"; fail "apt-get install"; }
say "installed: $(in_root "$ROOT" dpkg-query -W -f='${Package}=${Version} ' \
	gcc-$N cpp-$N gcc-$N-hotinline hotinline-tools)"

# The plugin package is pinned to the compiler build it runs in.
gcc_version=$(in_root "$ROOT" dpkg-query -W -f='${Version}' gcc-$N)
depends=$(in_root "$ROOT" dpkg-query -W -f='${Depends}' gcc-$N-hotinline)
case ", $depends," in
*", gcc-$N (= $gcc_version),"*) say "pinned: gcc-$N (= $gcc_version)" ;;
*) fail "gcc-$N-hotinline depends on '$depends', not gcc-$N (= $gcc_version)" ;;
esac

# Calls in the linked program (in an object, a call to another section
# is only a relocation).
# Another build of gcc-$N (here an empty stand-in with a later version)
# cannot come in silently: apt has to remove the plugin to install it.
mkdir -p "$ROOT/tmp/fake/DEBIAN"
printf 'Package: gcc-%s\nVersion: %s+rebuild1\nArchitecture: all\nMaintainer: test <test@example.org>\nDescription: stand-in for a later gcc-%s\n' \
	"$N" "$gcc_version" "$N" > "$ROOT/tmp/fake/DEBIAN/control"
in_root "$ROOT" dpkg-deb -b /tmp/fake /tmp/gcc-$N-later.deb >/dev/null
in_root "$ROOT" apt-get install -s /tmp/gcc-$N-later.deb > "$RUN/upgrade.out" 2>&1 || true
grep -q "^Remv gcc-$N-hotinline " "$RUN/upgrade.out" ||
	{ cat "$RUN/upgrade.out"; fail "gcc-$N $gcc_version+rebuild1 would install beside the plugin"; }
say "a later gcc-$N makes apt remove gcc-$N-hotinline: $(grep "^Remv gcc-$N-hotinline" "$RUN/upgrade.out")"

CALL='(call|jmp)[[:space:]].*<xas_descend>'
POLICY=/usr/share/hotinline/policies/xarray_walk.yaml
calls() { # OBJECT [CALL]
	as_user gcc-$N "$1" -o "$1.exe" || fail "linking $1"
	as_user objdump -d "$1.exe" | grep -cE "${2:-$CALL}" || true
}

# Plain GCC leaves calls to the hot function; the plugin, by its short
# name and the packaged policy, leaves none.
as_user gcc-$N -O2 -c xarray_walk.c -o plain.o || fail "gcc-$N alone"
as_user gcc-$N -O2 -fplugin=hotinline \
	-fplugin-arg-hotinline-policy=$POLICY -c xarray_walk.c -o forced.o ||
	fail "gcc-$N -fplugin=hotinline"
plain=$(calls plain.o)
forced=$(calls forced.o)
[ "$plain" -gt 0 ] || fail "the plain build has no call to xas_descend to remove"
[ "$forced" -eq 0 ] || fail "$forced calls to xas_descend left with the plugin"
say "force: calls to xas_descend: plain $plain, with -fplugin=hotinline $forced"

# The wrapper's compiler links add the plugin themselves.
as_user hotinline-gcc-$N -O2 -fplugin-arg-hotinline-policy=$POLICY \
	-c xarray_walk.c -o wrapped.o || fail "hotinline-gcc-$N"
[ "$(calls wrapped.o)" -eq 0 ] || fail "hotinline-gcc-$N left calls to xas_descend"
say "hotinline-gcc-$N: no call left"

# Report mode: a warning at a call the inliner declined; the build passes.
as_user gcc-$N -O2 -fplugin=hotinline -fplugin-arg-hotinline-policy=report.yaml \
	-fplugin-arg-hotinline-results=results -c xarray_walk.c -o report.o \
	2> "$RUN/report.err" || { cat "$RUN/report.err"; fail "report build failed"; }
# (Quoted as the locale quotes: C.UTF-8 has GCC use ‘ and ’.)
q="('|‘|’)"
grep -E "^xarray_walk.c:[0-9]+:[0-9]+: warning: hot function ${q}xas_descend$q not inlined into $q[a-z_]+$q: .* \[hotinline\]$" \
	"$RUN/report.err" > "$RUN/report.warnings" ||
	{ cat "$RUN/report.err"; fail "report mode gave no warning"; }
[ "$(wc -l < "$RUN/report.warnings")" -eq "$(calls report.o)" ] ||
	fail "$(wc -l < "$RUN/report.warnings") warnings for $(calls report.o) calls"
say "report: $(wc -l < "$RUN/report.warnings") warnings, one per call left: $(head -n 1 "$RUN/report.warnings")"

# The summary reads the results the plugin wrote.
as_user hotinline-summary results > "$RUN/summary.out" ||
	{ cat "$RUN/summary.out"; fail "hotinline-summary failed"; }
grep -q xas_descend "$RUN/summary.out" ||
	{ cat "$RUN/summary.out"; fail "hotinline-summary does not name xas_descend"; }
say "hotinline-summary: $(grep xas_descend "$RUN/summary.out" | head -n 1)"

# The Clang plugin package: installed after the others, with its clang-N
# and nothing else asked for; used as for GCC, on the example Clang does
# not inline by itself (it inlines xas_descend).
PKGS="gcc-$N-hotinline hotinline-tools"
if [ "$L" = none ]; then
	say "no Clang package in this run (HOTINLINE_DEB_CLANG=none)"
elif [ -z "$LLVM_DEB" ]; then
	say "SKIP llvm-$L-hotinline: no such package in $DEBDIR (make deb builds it where clang-$L and its LLVM are installed; HOTINLINE_DEB_CLANG picks another)"
else
	PKGS="$PKGS llvm-$L-hotinline"
	say "apt-get install $(basename "$LLVM_DEB")"
	in_root "$ROOT" apt-get install -y -q --no-install-recommends \
		"/debs/$(basename "$LLVM_DEB")" >> "$RUN/apt.log" 2>&1 ||
		{ tail -n 30 "$RUN/apt.log"; fail "apt-get install llvm-$L-hotinline"; }
	llvm_version=$(in_root "$ROOT" dpkg-query -W -f='${Version}' libllvm$L)
	depends=$(in_root "$ROOT" dpkg-query -W -f='${Depends}' llvm-$L-hotinline)
	case ", $depends," in
	*", clang-$L, libllvm$L (>= $llvm_version),"*)
		say "llvm-$L-hotinline: depends on clang-$L, libllvm$L (>= $llvm_version)" ;;
	*) fail "llvm-$L-hotinline depends on '$depends', not clang-$L, libllvm$L (>= $llvm_version)" ;;
	esac
	LCALL='(call|jmp)[[:space:]].*<pctrie_lookup_(le|ge)>'
	LPLUGIN=/usr/lib/hotinline/llvm-$L/hotinline.so
	LPOLICY=/usr/share/hotinline/policies/radix_lookup.yaml
	as_user clang-$L -O2 -c radix_lookup.c -o lplain.o || fail "clang-$L alone"
	as_user clang-$L -O2 -fplugin=$LPLUGIN -fpass-plugin=$LPLUGIN \
		-fplugin-arg-hotinline-policy=$LPOLICY -c radix_lookup.c \
		-o lforced.o || fail "clang-$L with the plugin"
	plain=$(calls lplain.o "$LCALL")
	forced=$(calls lforced.o "$LCALL")
	[ "$plain" -gt 0 ] || fail "clang-$L's plain build has no call to pctrie_lookup_le/ge to remove"
	[ "$forced" -eq 0 ] || fail "$forced calls to pctrie_lookup_le/ge left with clang-$L's plugin"
	say "clang-$L force: calls to pctrie_lookup_le/ge: plain $plain, with the plugin $forced"
	as_user hotinline-clang-$L -O2 -fplugin=hotinline \
		-fplugin-arg-hotinline-policy=$LPOLICY -c radix_lookup.c \
		-o lwrapped.o || fail "hotinline-clang-$L"
	[ "$(calls lwrapped.o "$LCALL")" -eq 0 ] ||
		fail "hotinline-clang-$L left calls to pctrie_lookup_le/ge"
	say "hotinline-clang-$L: no call left"
	# Report mode without -g: each warning at its call's line, which
	# the plugin gives the calls itself (docs/clang.md).
	sed 's/action: always_inline/action: report/' \
		"$ROOT$LPOLICY" > "$ROOT/home/builder/t/lreport.yaml"
	as_user clang-$L -O2 \
		-fplugin=$LPLUGIN -fpass-plugin=$LPLUGIN \
		-fplugin-arg-hotinline-policy=lreport.yaml \
		-fplugin-arg-hotinline-results=lresults -c radix_lookup.c \
		-o lreport.o 2> "$RUN/lreport.err" ||
		{ cat "$RUN/lreport.err"; fail "clang-$L report build failed"; }
	grep -E "^radix_lookup.c:[0-9]+:[0-9]+: warning: hot function 'pctrie_lookup_(le|ge)' not inlined into '[a-z_]+': .* \[hotinline\]$" \
		"$RUN/lreport.err" > "$RUN/lreport.warnings" ||
		{ cat "$RUN/lreport.err"; fail "clang-$L report mode gave no warning at a line"; }
	[ "$(wc -l < "$RUN/lreport.warnings")" -eq "$(calls lreport.o "$LCALL")" ] ||
		{ cat "$RUN/lreport.err"; fail "clang-$L: $(wc -l < "$RUN/lreport.warnings") warnings for $(calls lreport.o "$LCALL") calls"; }
	as_user hotinline-summary lresults > "$RUN/lsummary.out" &&
		grep -q 'clang ' "$RUN/lsummary.out" ||
		{ cat "$RUN/lsummary.out"; fail "hotinline-summary of clang-$L's results"; }
	say "clang-$L report: $(wc -l < "$RUN/lreport.warnings") warnings, one per call left: $(head -n 1 "$RUN/lreport.warnings")"
fi

# The manual pages, the wrapper's under each of its names.
for page in hotinline hotinline-summary hotinline-check hotinline-profile hotinline-gcc-$N; do
	as_user man -P cat "$page" > "$RUN/man.out" 2>&1 ||
		{ cat "$RUN/man.out"; fail "man $page"; }
	grep -q '^NAME' "$RUN/man.out" || fail "man $page has no NAME section"
done
grep -q '^HOTINLINE-CC(1)' "$RUN/man.out" ||
	fail "man hotinline-gcc-$N is not hotinline-cc's page"
say "man: hotinline(7), hotinline-summary(1), hotinline-check(1), hotinline-profile(1), hotinline-gcc-$N(1)"

# Purge: no file of the packages is left, and no directory but those
# another package owns.
in_root "$ROOT" dpkg -L $PKGS | sort -u > "$RUN/files"
in_root "$ROOT" apt-get remove --purge -y -q $PKGS \
	>> "$RUN/apt.log" 2>&1 || { tail -n 30 "$RUN/apt.log"; fail "apt-get remove --purge"; }
left=0
while read -r f; do
	case $f in '' | /.) continue ;; esac
	[ -e "$ROOT$f" ] || [ -L "$ROOT$f" ] || continue
	if [ -d "$ROOT$f" ] && [ ! -L "$ROOT$f" ] &&
		in_root "$ROOT" dpkg-query -S "$f" >/dev/null 2>&1; then
		continue
	fi
	echo "deb-install: left behind: $f" >&2
	left=$((left + 1))
done < "$RUN/files"
[ "$left" -eq 0 ] || fail "$left paths of the packages left after purge"
in_root "$ROOT" dpkg-query -W -f='${db:Status-Abbrev} ${Package}\n' \
	$PKGS 2>/dev/null | grep -v '^un ' |
	grep . && fail "the packages are still known to dpkg"
say "purge: none of the $(wc -l < "$RUN/files") paths of the packages is left"

unmount_all
rm -rf "$RUN"
say "PASS"
