#!/usr/bin/env bash
# `npm test`: every suite, on a clean machine (Node + npm; root and apt-get for the rest).
#
#   1. Chromium, PostgreSQL and a WordPress (Debian's wordpress, its default theme, mariadb-server,
#      php-cli, php-mysql, php-gd): found, or installed with apt-get when we are root, or a clear
#      message saying what to install.
#   2. A throw-away PostgreSQL cluster (temp dir, free port, trust auth on 127.0.0.1), removed
#      on exit, failure or Ctrl-C; its URL goes to the postgres suite as RANKPILOT_TEST_PG_URL.
#      A throw-away WordPress on its own MariaDB (scripts/wordpress-test-server.sh), started in
#      the background while the build runs and stopped the same way; its address, user and
#      application password go to the integration suites as RANKPILOT_TEST_WP_URL, _USER and
#      _PASSWORD (docs/decisions/0017-real-wordpress-in-tests.md).
#   3. vite build (regenerates src/routeTree.gen.ts and checks the server/client boundary),
#      tsc --noEmit, eslint and prettier --check (the conventions: see eslint.config.js), then
#      `vitest run` with every project: unit, pglite, postgres, browser.
#
# Extra arguments go to vitest: `npm test -- --project unit`, `npm test -- src/server/db`.
# Escape hatches: RANKPILOT_TEST_PG_URL=postgres://… uses that server instead of starting one;
# RANKPILOT_TEST_WP_URL=http://… (with RANKPILOT_TEST_WP_USER and RANKPILOT_TEST_WP_PASSWORD, an
# application password of an Editor) uses that WordPress; CHROMIUM_PATH=/path/to/chrome uses that browser.
#
# Meant to run as `npm test`; npm puts node_modules/.bin first on PATH, where the project's
# Node 22 lives (the machine's own node may be older). The same is done here for a direct
# `bash scripts/test.sh`.
set -uo pipefail

cd "$(dirname "$0")/.."
started=$SECONDS
step() { printf '\n\033[1m==> %s\033[0m  (at %d s)\n' "$*" $((SECONDS - started)); }
die() { printf '\n\033[31mnpm test: %s\033[0m\n' "$*" >&2; exit 1; }

[ -x node_modules/.bin/vitest ] || die "node_modules is missing or incomplete: run npm install (or npm ci) first"
export PATH="$PWD/node_modules/.bin:$PATH"

is_root() { [ "$(id -u)" = 0 ]; }
can_apt() { is_root && command -v apt-get >/dev/null 2>&1; }

# --- 1. Chromium, PostgreSQL, WordPress --------------------------------------------------------

find_chromium() {
  if [ -n "${CHROMIUM_PATH:-}" ]; then
    [ -x "$CHROMIUM_PATH" ] && { echo "$CHROMIUM_PATH"; return 0; }
    return 1
  fi
  [ -x /usr/bin/chromium ] && { echo /usr/bin/chromium; return 0; }
  local name
  for name in chromium chromium-browser google-chrome-stable google-chrome; do
    command -v "$name" 2>/dev/null && return 0
  done
  return 1
}

# The directory holding initdb and pg_ctl (Debian keeps them off PATH, in /usr/lib/postgresql/<ver>/bin).
find_pg_bindir() {
  local dir
  if command -v pg_config >/dev/null 2>&1; then
    dir=$(pg_config --bindir 2>/dev/null) && [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ] && { echo "$dir"; return 0; }
  fi
  dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
  [ -n "$dir" ] && [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ] && { echo "$dir"; return 0; }
  dir=$(dirname "$(command -v initdb 2>/dev/null)" 2>/dev/null)
  [ -n "$dir" ] && [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ] && { echo "$dir"; return 0; }
  return 1
}

# The Debian packages scripts/wordpress-test-server.sh serves WordPress with.
missing_wordpress() {
  [ -f /usr/share/wordpress/wp-settings.php ] || echo wordpress
  [ -d /usr/share/wordpress/wp-content/themes/twentytwentythree ] || echo wordpress-theme-twentytwentythree
  { command -v mariadb-install-db && { command -v mariadbd || command -v mysqld || [ -x /usr/sbin/mariadbd ]; }; } >/dev/null 2>&1 ||
    echo mariadb-server
  command -v php >/dev/null 2>&1 || echo php-cli
  php -r 'exit(extension_loaded("mysqli") ? 0 : 1);' >/dev/null 2>&1 || echo php-mysql
  php -r 'exit(extension_loaded("gd") ? 0 : 1);' >/dev/null 2>&1 || echo php-gd
}

missing=()
find_chromium >/dev/null || missing+=(chromium)
[ -n "${RANKPILOT_TEST_PG_URL:-}" ] || find_pg_bindir >/dev/null || missing+=(postgresql)
[ -n "${RANKPILOT_TEST_WP_URL:-}" ] || missing+=($(missing_wordpress))

if [ ${#missing[@]} -gt 0 ]; then
  if can_apt; then
    step "Installing ${missing[*]} with apt-get (once per machine)"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >/dev/null || die "apt-get update failed"
    # The packages' own services (the system MariaDB, Apache, PostgreSQL's main cluster) are not
    # ours to start: the tests run throw-away servers of their own. A policy-rc.d answering 101
    # ("not allowed") makes the packages' install scripts skip starting them, which also keeps the
    # install working on a machine without an init system.
    policy_rc=
    if [ ! -e /usr/sbin/policy-rc.d ]; then
      policy_rc=/usr/sbin/policy-rc.d
      printf '#!/bin/sh\nexit 101\n' >"$policy_rc" && chmod +x "$policy_rc"
    fi
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
    installed=$?
    [ -n "$policy_rc" ] && rm -f "$policy_rc"
    [ "$installed" = 0 ] || die "apt-get install ${missing[*]} failed"
  else
    die "missing: ${missing[*]}.
  Install them (as root on Debian/Ubuntu: apt-get install -y --no-install-recommends ${missing[*]}), or
  point the tests at your own: CHROMIUM_PATH=/path/to/chromium, RANKPILOT_TEST_PG_URL=postgres://user@host:port/db,
  RANKPILOT_TEST_WP_URL=http://host:port with RANKPILOT_TEST_WP_USER and RANKPILOT_TEST_WP_PASSWORD"
  fi
fi

CHROMIUM_PATH=$(find_chromium) || die "Chromium is still missing after installing it"
export CHROMIUM_PATH
echo "Chromium:   $CHROMIUM_PATH ($("$CHROMIUM_PATH" --version 2>/dev/null | head -n 1))"

# --- 2. A throw-away PostgreSQL cluster and WordPress ------------------------------------------

pg_dir=''
pg_bindir=''
wp_pid=''
wp_env=''
as_pg() {
  # PostgreSQL refuses to run as root: run its tools as the unprivileged `postgres` user.
  if is_root; then runuser -u postgres -- "$@"; else "$@"; fi
}
cleanup() {
  local code=$?
  trap - EXIT INT TERM
  if [ -n "$wp_pid" ]; then
    # Its own trap stops MariaDB and PHP and removes its temp dir.
    kill -TERM "$wp_pid" 2>/dev/null && wait "$wp_pid" 2>/dev/null
  fi
  [ -n "$wp_env" ] && rm -f "$wp_env" "$wp_env.log"
  if [ -n "$pg_dir" ]; then
    if [ -f "$pg_dir/data/postmaster.pid" ]; then
      (cd "$pg_dir" && as_pg "$pg_bindir/pg_ctl" -D "$pg_dir/data" -m immediate -w stop >/dev/null 2>&1)
    fi
    rm -rf "$pg_dir"
  fi
  exit "$code"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

free_port() {
  node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"
}

# WordPress starts in the background (a few seconds) while PostgreSQL starts and the build runs;
# the integration suites wait for it below.
if [ -z "${RANKPILOT_TEST_WP_URL:-}" ]; then
  wp_env=$(mktemp "${TMPDIR:-/tmp}/rankpilot-wp-env.XXXXXX") && rm -f "$wp_env" || die "could not create a temp file"
  bash scripts/wordpress-test-server.sh --env-file "$wp_env" >"$wp_env.log" 2>&1 &
  wp_pid=$!
fi

if [ -n "${RANKPILOT_TEST_PG_URL:-}" ]; then
  echo "PostgreSQL: $RANKPILOT_TEST_PG_URL (given)"
else
  pg_bindir=$(find_pg_bindir) || die "PostgreSQL server binaries (initdb, pg_ctl) not found"
  if is_root && ! id -u postgres >/dev/null 2>&1; then
    useradd --system --no-create-home --shell /usr/sbin/nologin postgres || die "could not create the postgres user"
  fi
  pg_dir=$(mktemp -d "${TMPDIR:-/tmp}/rankpilot-pg.XXXXXX")
  is_root && chown postgres "$pg_dir"
  pg_port=$(free_port) || die "could not find a free port"
  # Speed over durability: the cluster lives for one test run. A UTF-8 locale (C.UTF-8: code
  # point order, Unicode case mapping) as production clusters have, so lower('Ä') is 'ä' there too.
  (cd "$pg_dir" && as_pg "$pg_bindir/initdb" -D "$pg_dir/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 -N \
    >"$pg_dir/initdb.log" 2>&1) || { cat "$pg_dir/initdb.log" >&2; die "initdb failed"; }
  (cd "$pg_dir" && as_pg "$pg_bindir/pg_ctl" -D "$pg_dir/data" -l "$pg_dir/server.log" -w -t 60 start \
    -o "-p $pg_port -k $pg_dir -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
    >/dev/null) || { cat "$pg_dir/server.log" >&2; die "PostgreSQL did not start"; }
  export RANKPILOT_TEST_PG_URL="postgres://postgres@127.0.0.1:$pg_port/postgres"
  echo "PostgreSQL: $RANKPILOT_TEST_PG_URL ($("$pg_bindir/postgres" --version), data in $pg_dir)"
fi

# The WordPress started above: its address, user and application password, once it answers.
wait_for_wordpress() {
  if [ -z "$wp_pid" ]; then
    echo "WordPress:  $RANKPILOT_TEST_WP_URL (given)"
    return 0
  fi
  local tries=600
  while [ ! -s "$wp_env" ]; do
    kill -0 "$wp_pid" 2>/dev/null && [ $((tries -= 1)) -gt 0 ] || { cat "$wp_env.log" >&2; return 1; }
    sleep 0.1
  done
  # shellcheck disable=SC1090
  . "$wp_env"
  echo "WordPress:  $RANKPILOT_TEST_WP_SUMMARY"
}

# --- 3. Build, typecheck, every suite ----------------------------------------------------------

echo "Node:       $(node --version) ($(command -v node))"

# dist/ may be shared with other builds on a developer machine: take the same lock they do.
build() {
  if command -v flock >/dev/null 2>&1; then NODE_ENV=production flock /tmp/build.lock vite build "$@"
  else NODE_ENV=production vite build "$@"; fi
}

status=0
step "vite build"
build --logLevel warn || status=$?

step "tsc --noEmit"
tsc --noEmit || { s=$?; [ $status -ne 0 ] || status=$s; }

step "eslint and prettier --check"
eslint --max-warnings 0 . || { s=$?; [ $status -ne 0 ] || status=$s; }
prettier --check . --log-level warn || { s=$?; [ $status -ne 0 ] || status=$s; }

step "vitest run $* (projects: unit, pglite, postgres, browser)"
wait_for_wordpress || die "the test WordPress did not start (scripts/wordpress-test-server.sh; its output is above)"
vitest run "$@" || { s=$?; [ $status -ne 0 ] || status=$s; }

step "npm test finished in $((SECONDS - started)) s with exit code $status"
exit $status
