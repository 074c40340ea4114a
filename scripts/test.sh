#!/usr/bin/env bash
# The project's test command: builds everything and runs every test that needs no GPU.
# Extra arguments go to Maven (e.g. -Pgpu on a GPU machine with a JDK).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib/java-home.sh
require_java_home
exec ./mvnw -B -ntp verify "$@"
