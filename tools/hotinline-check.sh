#!/bin/sh
# hotinline-check: which commit of a range dropped a hot inline.
#
#   hotinline-check [OPTIONS] BASE..HEAD -- BUILD COMMAND...
#
# Builds BASE once in a git worktree of the repository it is run in, then
# each commit of BASE..HEAD in turn in the same tree, incrementally, and
# compares the results of the units each commit rebuilt with their results
# before it (hotinline-summary --diff).  The build command writes results
# into $HOTINLINE_RESULTS (or the words holding @RESULTS@).  The user's
# tree is never touched.  man hotinline-check; docs/review.md.
set -eu

prog=hotinline-check

usage ()
{
	cat <<'EOF'
usage: hotinline-check [--results DIR] [--lock FILE] [--sarif FILE]
                       [--codequality FILE] [--report FILE] [--work DIR]
                       [--keep] BASE..HEAD -- BUILD COMMAND...

Builds BASE in a git worktree, then each commit of BASE..HEAD incrementally,
and names the commits that lost a hot inline.  The build command must write
hotinline's results into $HOTINLINE_RESULTS:
  -fplugin-arg-hotinline-results=$HOTINLINE_RESULTS  (through sh -c '...')
  -fplugin-arg-hotinline-results=@RESULTS@            (replaced in every word)

  --results DIR      where the build writes results (default WORK/results;
                     relative: in the worktree); its *.json are removed
                     before each build
  --lock FILE        the repository's lock: a commit that changes it accepts
                     the losses it no longer pins
  --sarif FILE       SARIF 2.1.0 of every commit's findings
  --codequality FILE GitLab Code Quality report of them
  --report FILE      the text report (what is printed)
  --work DIR         the worktree (DIR/tree) and the state (default under
                     $(git rev-parse --git-common-dir)/hotinline-check/)
  --keep             keep the worktree and its objects for the next run

Exit status: 1 when a commit lost a hot inline that no trailer
"Hot-Inline-Dropped: CALLEE -> CALLER: REASON" nor lock accepts; 0
otherwise; 2 on errors (BASE does not build, bad arguments).
EOF
}

die ()
{
	printf '%s: %s\n' "$prog" "$*" >&2
	exit 2
}

# 'WORD', quoted for eval.
quote ()
{
	printf "'%s'" "$(printf '%s' "$1" | sed "s/'/'\\\\''/g")"
}

# An absolute path for $1 (which need not exist yet).
absolute ()
{
	case $1 in
	/*) printf '%s\n' "$1" ;;
	*) printf '%s/%s\n' "$(pwd)" "$1" ;;
	esac
}

results_opt='' lock='' sarif='' codequality='' report='' work='' keep=false
while [ $# -gt 0 ]; do
	case $1 in
	--results|--lock|--sarif|--codequality|--report|--work)
		[ $# -ge 2 ] || { usage >&2; die "$1 needs an argument"; }
		[ -n "$2" ] || die "$1: empty argument"
		case $1 in
		--results) results_opt=$2 ;;
		--lock) lock=$2 ;;
		--sarif) sarif=$(absolute "$2") ;;
		--codequality) codequality=$(absolute "$2") ;;
		--report) report=$(absolute "$2") ;;
		--work) work=$(absolute "$2") ;;
		esac
		shift 2 ;;
	--results=*|--lock=*|--sarif=*|--codequality=*|--report=*|--work=*)
		opt=${1%%=*} val=${1#*=}
		shift
		set -- "$opt" "$val" "$@" ;;
	--keep) keep=true; shift ;;
	-h|--help) usage; exit 0 ;;
	--) usage >&2; die "BASE..HEAD is missing before --" ;;
	-*) usage >&2; die "unknown option '$1'" ;;
	*) break ;;
	esac
done
[ $# -ge 1 ] || { usage >&2; die "BASE..HEAD is missing"; }
range=$1
shift
if [ $# -eq 0 ] || [ "$1" != -- ]; then
	usage >&2
	die "'--' and the build command must follow $range"
fi
shift
[ $# -ge 1 ] || { usage >&2; die "the build command is missing after --"; }
case $range in
*...*|..*|*..) die "'$range': give the range as BASE..HEAD" ;;
*..*) base=${range%%..*} head=${range#*..} ;;
*) die "'$range': give the range as BASE..HEAD" ;;
esac

command -v git >/dev/null 2>&1 || die "git not found"
top=$(git rev-parse --show-toplevel 2>/dev/null) ||
	die "not in a git work tree: run it in the repository to check"
common=$(git rev-parse --path-format=absolute --git-common-dir)
base_sha=$(git rev-parse -q --verify "$base^{commit}") ||
	die "'$base' is not a commit of this repository"
head_sha=$(git rev-parse -q --verify "$head^{commit}") ||
	die "'$head' is not a commit of this repository"
git merge-base --is-ancestor "$base_sha" "$head_sha" ||
	printf '%s: warning: %s is not an ancestor of %s: checking the commits of %s not in %s\n' \
		"$prog" "$base" "$head" "$head" "$base" >&2
commits=$(git rev-list --reverse "$base_sha..$head_sha")

# The lock, as a path in the repository.
if [ -n "$lock" ]; then
	case $lock in
	/*) case $lock in
	    "$top"/*) lock=${lock#"$top"/} ;;
	    *) die "--lock $lock: not a file of the repository $top" ;;
	    esac ;;
	*) lock=$(git rev-parse --show-prefix)$lock ;;
	esac
fi

# hotinline-summary: HOTINLINE_SUMMARY, else the one beside this script,
# else PATH's.
here=$(cd "$(dirname "$0")" && pwd)
if [ -n "${HOTINLINE_SUMMARY:-}" ]; then
	summary=$HOTINLINE_SUMMARY
elif [ -x "$here/hotinline-summary" ]; then
	summary=$here/hotinline-summary
else
	summary=$(command -v hotinline-summary 2>/dev/null) ||
		die "hotinline-summary not found beside $0 nor in PATH (set HOTINLINE_SUMMARY)"
fi
[ -x "$summary" ] || die "$summary: not an executable (HOTINLINE_SUMMARY)"

# The work directory: the worktree, the results and what is kept between
# commits.
mkdir -p "$common/hotinline-check" 2>/dev/null || true
if [ -z "$work" ]; then
	if $keep; then
		work=$common/hotinline-check/work
	else
		work=$(mktemp -d "$common/hotinline-check/work.XXXXXX") ||
			die "cannot make a work directory under $common/hotinline-check"
	fi
fi
mkdir -p "$work" || die "cannot make the work directory $work"
work=$(cd "$work" && pwd)
tree=$work/tree
case $results_opt in
'') results=$work/results ;;
/*) results=$results_opt ;;
*) results=$tree/$results_opt ;;
esac
last=$work/last		# the latest results of every unit, by file name
keys=$work/last.keys	# KEY<TAB>NAME for each file of $last
state=$work/run		# this run's logs, per-commit results and findings
text=$state/report.txt

if ! mkdir "$work/lock" 2>/dev/null; then
	die "$work is in use by another hotinline-check (remove $work/lock if not)"
fi
# At the end, without --keep, all that was made here goes: the worktree
# (git worktree remove) and the state beside it.
worktree_added=false
cleanup ()
{
	st=$?
	trap - EXIT INT TERM HUP
	if ! $keep; then
		if $worktree_added; then
			git -C "$top" worktree remove --force "$tree" >/dev/null 2>&1 ||
				rm -rf "$tree"
			git -C "$top" worktree prune >/dev/null 2>&1 || true
		fi
		[ -n "$results_opt" ] || rm -rf "$results"
		rm -rf "$last" "$keys" "$state"
	fi
	rmdir "$work/lock" 2>/dev/null || true
	$keep || rmdir "$work" 2>/dev/null || true
	exit $st
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
trap 'exit 129' HUP

rm -rf "$state"
mkdir -p "$state" "$last" || die "cannot write in $work"
touch "$keys"
: > "$text"

# Check commit $1 out in the worktree, its submodules too.
checkout ()
{
	git -C "$tree" checkout -q --detach --force "$1" ||
		die "cannot check out $1 in $tree"
	if [ -f "$tree/.gitmodules" ]; then
		git -C "$tree" submodule update -q --init --recursive --force ||
			die "cannot check out the submodules of $1 in $tree"
	fi
}

# The worktree: made detached at BASE, or the kept one moved to BASE.
git -C "$top" worktree prune >/dev/null 2>&1 || true
if [ -e "$tree/.git" ] && git -C "$tree" rev-parse --git-dir >/dev/null 2>&1; then
	worktree_added=true
	checkout "$base_sha"
else
	rm -rf "$tree" "$last" "$keys"
	mkdir -p "$last"
	touch "$keys"
	git -C "$top" worktree add -q --detach --force "$tree" "$base_sha" >"$state/worktree.log" 2>&1 ||
		{ cat "$state/worktree.log" >&2; die "cannot make a worktree in $tree"; }
	worktree_added=true
	checkout "$base_sha"
fi
# The tree's own results directory, when it is in the tree, made.
mkdir -p "$results" || die "cannot make the results directory $results"
results=$(cd "$results" && pwd)

# The build command, @RESULTS@ replaced, quoted for eval.
build_cmd=
for word; do
	out='' rest=$word
	while :; do
		case $rest in
		*@RESULTS@*) out=$out${rest%%@RESULTS@*}$results rest=${rest#*@RESULTS@} ;;
		*) break ;;
		esac
	done
	build_cmd="$build_cmd $(quote "$out$rest")"
done

# Say it, and keep it for the report.
say ()
{
	printf '%s\n' "$*"
	printf '%s\n' "$*" >> "$text"
}
say_file ()
{
	cat "$1"
	cat "$1" >> "$text"
}

# Run the build in the worktree, its output into $1; its status.  A ccache
# hit runs no compiler, so writes no results: CCACHE_RECACHE makes ccache
# compile every unit the build asks for (and still store it).
build ()
{
	find "$results" -maxdepth 1 -name '*.json' -type f -exec rm -f {} + ||
		die "cannot empty $results"
	bst=0
	(cd "$tree" && export HOTINLINE_RESULTS="$results" CCACHE_RECACHE=1 &&
		eval "exec $build_cmd") </dev/null >"$1" 2>&1 || bst=$?
	return $bst
}

# KEY<TAB>NAME for each results file: KEY is the unit's directory, source
# and output, which the file name (it hashes the flags too) may not keep
# from one commit to the next.  The files' fields are read as text (GCC
# writes a file on one line, Clang over many).
# shellcheck disable=SC2016
keys_awk='
function field(t, k,   s) {
	if (!match(t, "\"" k "\"[ \t]*:[ \t]*\"[^\"]*\""))
		return ""
	s = substr(t, RSTART, RLENGTH)
	sub(/^"[^"]*"[ \t]*:[ \t]*"/, "", s)
	sub(/"$/, "", s)
	return s
}
function flush(   n) {
	if (file == "")
		return
	n = file
	sub(/.*\//, "", n)
	print field(t, "directory") "|" field(t, "unit") "|" field(t, "output") "\t" n
	t = ""
}
FNR == 1 { flush(); file = FILENAME }
{ t = t $0 " " }
END { flush() }
'
# The same for every results file of directory $1 (as many as there are:
# find passes them to awk in batches).
keys_in ()
{
	find "$1" -maxdepth 1 -name '*.json' -type f -exec awk "$keys_awk" {} +
}

# Copy every results file of directory $1 into directory $2.
copy_json ()
{
	find "$1" -maxdepth 1 -name '*.json' -type f \
		-exec sh -c 'to=$1; shift; cp "$@" "$to/"' sh "$2" {} +
}

# The sources (relative to the tree) of the results of directory $1.
units_in ()
{
	keys_in "$1" | awk -F '\t' -v tree="$tree" '{
		split($1, k, "|")
		p = k[2]
		if (p !~ /^\//)
			p = k[1] "/" p
		while (sub(/\/\.\//, "/", p))
			;
		if (index(p, tree "/") == 1)
			p = substr(p, length(tree) + 2)
		print p
	}'
}

# The fresh results of the last build: OLD ($1) gets each one's previous
# version, NEW ($2) the fresh ones; then they become the latest.
take_fresh ()
{
	has_json "$results" || return 0
	keys_in "$results" > "$state/fresh.keys"
	# Previous versions: the same unit and output, whatever the name.
	awk -F '\t' 'NR == FNR { want[$1] = 1; next } ($1 in want) { print $2 }' \
		"$state/fresh.keys" "$keys" | while IFS= read -r n; do
		cp "$last/$n" "$1/$n"
	done
	copy_json "$results" "$2"
}
update_last ()
{
	[ -s "$state/fresh.keys" ] || return 0
	awk -F '\t' 'NR == FNR { want[$1] = 1; next } ($1 in want) { print $2 }' \
		"$state/fresh.keys" "$keys" | while IFS= read -r n; do
		rm -f "$last/$n"
	done
	awk -F '\t' 'NR == FNR { want[$1] = 1; next } !($1 in want)' \
		"$state/fresh.keys" "$keys" > "$keys.new"
	cat "$state/fresh.keys" >> "$keys.new"
	mv "$keys.new" "$keys"
	copy_json "$results" "$last"
	rm -f "$state/fresh.keys"
}

# The build log $1 without the colours a compiler may have been told to
# print: $1.plain.
plain_log ()
{
	esc=$(printf '\033')
	sed "s/$esc\[[0-9;]*[mK]//g" "$1" > "$1.plain"
}

# The first error of a build log: FILE:LINE:COL: error: (GCC and Clang), or
# fatal error:, else any error line, else the log's last line.
first_error ()
{
	grep -m 1 -E '^[^ :][^:]*:[0-9]+:([0-9]+:)? (fatal )?error: ' "$1" ||
		grep -m 1 -E '(^|: )(fatal )?error: ' "$1" ||
		awk 'NF { l = $0 } END { print l }' "$1"
}

# The units whose compilation printed an error, each once with its first
# error, UNIT<TAB>ERROR: the error's file when it is a source, else the
# file that included the header it is in (with make -k, every unit that
# failed).
error_units ()
{
	awk -v tree="$tree" '
	function norm(p) {
		if (index(p, tree "/") == 1)
			p = substr(p, length(tree) + 2)
		sub(/^\.\//, "", p)
		return p
	}
	function source(p) { return p ~ /\.(c|cc|cp|cpp|cxx|c\+\+|C|S|sx|m|mm)$/ }
	/^In file included from / {
		u = $0; sub(/^In file included from /, "", u); sub(/:[0-9]+[:,]?$/, "", u)
		from = u; next
	}
	/^ +from / {
		u = $0; sub(/^ +from /, "", u); sub(/:[0-9]+[:,]?$/, "", u)
		from = u; next
	}
	/^[^ :][^:]*:[0-9]+:([0-9]+:)? (fatal )?error: / {
		f = $0; sub(/:[0-9].*/, "", f)
		u = source(f) ? norm(f) : from != "" ? norm(from) : ""
		if (u != "" && !(u in seen)) {
			seen[u] = 1
			print u "\t" $0
		}
		next
	}
	/^[^ ]/ && !/: In function / && !/: In member function / && !/^In / { from = "" }
	' "$1"
}

# Whether directory $1 has results files.
has_json ()
{
	for f in "$1"/*.json; do
		[ -e "$f" ] && return 0
		return 1
	done
}

# A source file the compiler runs its plugins on.
is_source ()
{
	case $1 in
	*.c|*.cc|*.cp|*.cpp|*.cxx|*.c++|*.C|*.m|*.mm) return 0 ;;
	*) return 1 ;;
	esac
}

say_header ()
{
	say "commit $(git -C "$top" log -1 --abbrev=12 --format='%h %s' "$1")"
}

# BASE.
if ! build "$state/base.log"; then
	plain_log "$state/base.log"
	err=$(first_error "$state/base.log.plain")
	printf '%s: the build of %s (%s) failed: %s\n' "$prog" "$base" \
		"$(git rev-parse --short=12 "$base_sha")" "$err" >&2
	printf '%s: its last lines (the whole log is %s):\n' "$prog" \
		"$( $keep && echo "$state/base.log" || echo "not kept: use --keep" )" >&2
	tail -n 20 "$state/base.log" >&2
	exit 2
fi
mkdir -p "$state/base/old" "$state/base/new"
take_fresh "$state/base/old" "$state/base/new"
update_last
set -- "$last"/*.json
[ -e "$1" ] || die "the build of $base wrote no results into $results: give the compiler -fplugin-arg-hotinline-results=\$HOTINLINE_RESULTS (in sh -c '...') or =@RESULTS@"

# Each commit.
n_commits=0 n_lost=0 n_accepted=0 n_failed=0 lost_list='' findings=''
prev=$base_sha
for sha in $commits; do
	n_commits=$((n_commits + 1))
	dir=$state/$n_commits
	mkdir -p "$dir/old" "$dir/new"
	checkout "$sha"
	bst=0
	build "$dir/build.log" || bst=$?
	take_fresh "$dir/old" "$dir/new"

	# A build that failed: the units it did not compare, each with the
	# build's first error.
	set --
	if [ $bst -ne 0 ]; then
		n_failed=$((n_failed + 1))
		plain_log "$dir/build.log"
		err=$(first_error "$dir/build.log.plain")
		units_in "$dir/new" > "$dir/fresh.units"
		error_units "$dir/build.log.plain" > "$dir/failed"
		tab=$(printf '\t')
		while IFS="$tab" read -r f e; do
			set -- "$@" --not-compared "$f: $e"
		done < "$dir/failed"
		cut -f 1 "$dir/failed" > "$dir/failed.units"
		git -C "$tree" diff --name-only --diff-filter=d "$prev" "$sha" > "$dir/changed"
		while IFS= read -r f; do
			is_source "$f" || continue
			grep -qxF "$f" "$dir/failed.units" && continue
			grep -qxF "$f" "$dir/fresh.units" && continue
			set -- "$@" --not-compared "$f: not built, the build failed first: $err"
		done < "$dir/changed"
	fi

	if ! has_json "$dir/new" && [ $# -eq 0 ]; then
		say_header "$sha"
		[ $bst -eq 0 ] || say "the build failed: $err"
		say "no unit rebuilt"
		say ""
		prev=$sha
		continue
	fi

	# What the commit says it drops.
	trailers=$(git -C "$top" log -1 --format='%(trailers:key=Hot-Inline-Dropped,valueonly,separator=%x0A)' "$sha")
	while IFS= read -r t; do
		if [ -n "$t" ]; then set -- "$@" --accept "$t"; fi
	done <<EOF
$trailers
EOF
	if [ -n "$lock" ] && ! git -C "$top" diff --quiet "$prev" "$sha" -- "$lock"; then
		if [ -f "$tree/$lock" ]; then
			set -- "$@" --accept-lock "$tree/$lock"
			# The lock before the commit: a loss it pinned and the
			# new one deletes is accepted too.
			if git -C "$top" show "$prev:$lock" > "$dir/lock.before" 2>/dev/null; then
				set -- "$@" --accept-lock-before "$dir/lock.before"
			fi
		fi
	fi

	# Either side may hold no units: every unit the commit rebuilt is new
	# (OLD), or its build failed before any compiled (NEW).
	sst=0
	(cd "$tree" && exec "$summary" --diff --allow-empty "$dir/old" "$dir/new" --commit "$sha" \
		--findings "$dir/findings.json" --source-root "$tree" "$@") \
		>"$dir/summary.out" 2>"$dir/summary.err" || sst=$?
	say_header "$sha"
	[ $bst -eq 0 ] || say "the build failed: $err"
	say_file "$dir/summary.out"
	say ""
	cat "$dir/summary.err" >&2
	case $sst in
	0) ;;
	1) n_lost=$((n_lost + 1))
	   lost_list="$lost_list $(git rev-parse --short=12 "$sha")" ;;
	*) die "hotinline-summary failed on $sha (exit status $sst)" ;;
	esac
	grep -q '(accepted' "$dir/summary.out" && n_accepted=$((n_accepted + 1))
	[ -f "$dir/findings.json" ] && findings="$findings $(quote "$dir/findings.json")"
	update_last
	prev=$sha
done

if [ $n_commits -eq 0 ]; then
	say "no commits in $range"
fi
line="$n_commits commit"
[ $n_commits -eq 1 ] || line=${line}s
line="$line checked"
if [ $n_lost -gt 0 ]; then
	line="$line, $n_lost lost a hot inline:$lost_list"
else
	line="$line, none lost a hot inline"
fi
[ $n_accepted -eq 0 ] || line="$line, $n_accepted with accepted losses"
[ $n_failed -eq 0 ] || line="$line, $n_failed did not build"
say "$line"

# With no commit that rebuilt a unit, --merge of no findings still writes
# the reports, empty: CI uploads them whatever the range.
if [ -n "$sarif$codequality" ]; then
	set --
	[ -z "$sarif" ] || set -- "$@" --sarif "$sarif"
	[ -z "$codequality" ] || set -- "$@" --codequality "$codequality"
	eval "set -- $findings \"\$@\""
	(cd "$tree" && exec "$summary" --merge "$@" --source-root "$tree") ||
		die "hotinline-summary --merge failed"
fi
if [ -n "$report" ]; then
	cp "$text" "$report" || die "cannot write $report"
fi
[ $n_lost -eq 0 ]
