# Sourced by xfer's scripts: exports JAVA_HOME as a JDK >= 22 (xfer uses the FFM API), or fails
# with a message naming the JDK it needs. Keeps a JAVA_HOME that already qualifies.
java_feature_version() {
  "$1/bin/java" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = //p'
}

jdk_ok() {
  [ -x "$1/bin/javac" ] && [ -x "$1/bin/jlink" ] || return 1
  local v; v=$(java_feature_version "$1")
  [ -n "$v" ] && [ "${v%%.*}" -ge 22 ] 2>/dev/null
}

find_java_home() {
  if [ -n "${JAVA_HOME:-}" ] && jdk_ok "$JAVA_HOME"; then return 0; fi
  local candidate
  for candidate in /usr/lib/jvm/temurin-25-jdk-amd64 /usr/lib/jvm/*; do
    if [ -d "$candidate" ] && jdk_ok "$candidate"; then
      export JAVA_HOME="$candidate"
      return 0
    fi
  done
  return 1
}

require_java_home() {
  if ! find_java_home; then
    echo "xfer: building needs a JDK 22 or later (javac and jlink), e.g. Temurin 25; set JAVA_HOME to it (found: ${JAVA_HOME:-nothing})" >&2
    exit 3
  fi
}
