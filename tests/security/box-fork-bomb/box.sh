# the classic fork bomb: its programs meet the box's process limit, the
# script (which forks no more) goes on, and the box's end ends them all
b() { b | b & }; b
SECONDS=0; while [ $SECONDS -lt 3 ]; do :; done; echo survived
