#!/bin/sh
# Runs a command as if the machine were quiet: in its own session, hence its own scheduling group (Linux
# autogroup), at nice -20 both for the group and the process, so other users' processes hardly take a core
# from it. Needs root (or CAP_SYS_NICE). Used for LiveScaleBench on a loaded machine: see docs/benchmarks.md.
#   bench/quiet.sh java ... org.gmplab.bench.LiveScaleBench
[ -n "$GMPLAB_QUIET_INNER" ] || GMPLAB_QUIET_INNER=1 exec setsid -w "$0" "$@"
echo -20 > /proc/self/autogroup 2>/dev/null || echo "quiet.sh: cannot renice the scheduling group (not root?)" >&2
exec nice -n -20 "$@"
