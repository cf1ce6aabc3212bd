#!/usr/bin/env bash
# A throw-away WordPress for the tests (docs/decisions/0017-real-wordpress-in-tests.md): Debian's
# stock WordPress package served by `php -S`, on its own MariaDB, everything in one temp dir that
# is removed when this script ends (normally, on failure, on Ctrl-C or TERM).
#
#   1. MariaDB: mariadb-install-db into <tmp>/mariadb, then mariadbd on a free 127.0.0.1 port and
#      a socket in <tmp>/mariadb (--skip-grant-tables: any user gets in; not the system service).
#   2. A docroot <tmp>/www of symlinks to /usr/share/wordpress, with its own wp-config.php and its
#      own wp-content (the packaged themes and plugins linked, uploads in <tmp>). Nothing is written
#      into /etc or /usr/share. WP_ENVIRONMENT_TYPE is 'local': application passwords over http.
#   3. WordPress installed by the php CLI (wp_install, permalinks /%postname%/), an Editor `editor`
#      and an application password for it.
#   4. `php -S 127.0.0.1:<free port>` with a router doing what WordPress's .htaccess does (pretty
#      permalinks, /wp-json/), several workers so parallel test files are not served one by one.
#
# Then it prints (or with --env-file FILE writes there, for scripts/test.sh to source):
#   RANKPILOT_TEST_WP_URL, RANKPILOT_TEST_WP_USER, RANKPILOT_TEST_WP_PASSWORD
# and waits until it is stopped. For development: `bash scripts/wordpress-test-server.sh`, paste
# the export lines into another shell, run vitest there, Ctrl-C here when done.
#
# Needs the Debian packages wordpress, wordpress-theme-twentytwentythree, mariadb-server, php-cli,
# php-mysql and php-gd (scripts/test.sh installs them with apt-get when it runs as root).
set -uo pipefail

env_file=''
case "${1:-}" in
  --env-file) env_file=${2:?--env-file needs a file name} ;;
  '') ;;
  *) echo "usage: $0 [--env-file FILE]" >&2; exit 2 ;;
esac

started=$(date +%s%N)
die() { printf 'wordpress-test-server: %s\n' "$*" >&2; exit 1; }

WP_CODE=/usr/share/wordpress
WP_THEME=twentytwentythree
MARIADBD=$(command -v mariadbd || command -v mysqld || { [ -x /usr/sbin/mariadbd ] && echo /usr/sbin/mariadbd; })

missing=()
[ -f "$WP_CODE/wp-settings.php" ] || missing+=(wordpress)
[ -d "$WP_CODE/wp-content/themes/$WP_THEME" ] || missing+=(wordpress-theme-$WP_THEME)
{ [ -n "$MARIADBD" ] && command -v mariadb-install-db >/dev/null; } || missing+=(mariadb-server)
if command -v php >/dev/null; then
  php -r 'exit(extension_loaded("mysqli") ? 0 : 1);' || missing+=(php-mysql)
  php -r 'exit(extension_loaded("gd") ? 0 : 1);' || missing+=(php-gd)
else
  missing+=(php-cli php-mysql php-gd)
fi
[ ${#missing[@]} -eq 0 ] || die "missing: ${missing[*]} (as root on Debian: apt-get install -y --no-install-recommends ${missing[*]})"

dir=''
db_pid=''
php_pid=''
cleanup() {
  local code=$?
  trap - EXIT INT TERM
  # The PHP server and its workers are one process group (setsid below).
  [ -n "$php_pid" ] && kill -TERM -- "-$php_pid" 2>/dev/null
  if [ -n "$db_pid" ] && kill -TERM "$db_pid" 2>/dev/null; then
    # A throw-away database: a few seconds for a clean stop, then no more.
    for _ in $(seq 50); do kill -0 "$db_pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$db_pid" 2>/dev/null
  fi
  [ -n "$php_pid" ] && kill -KILL -- "-$php_pid" 2>/dev/null
  [ -n "$dir" ] && rm -rf "$dir"
  exit "$code"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

free_port() {
  php -r '$s = stream_socket_server("tcp://127.0.0.1:0"); $n = stream_socket_get_name($s, false); echo substr($n, strrpos($n, ":") + 1);'
}
# Waits (up to $2 tenths of a second) until process $3 listens on 127.0.0.1:$1.
wait_for_port() {
  local tries=$2
  while ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; do
    tries=$((tries - 1))
    [ "$tries" -gt 0 ] && kill -0 "$3" 2>/dev/null || return 1
    sleep 0.1
  done
}

dir=$(mktemp -d "${TMPDIR:-/tmp}/rankpilot-wp.XXXXXX") || die "could not create a temp dir"
chmod 755 "$dir"

# --- 1. MariaDB --------------------------------------------------------------------------------

db_port=$(free_port) || die "could not find a free port"
db_user=()
# mariadbd refuses to run as root: as root it runs as the packaged `mysql` user.
if [ "$(id -u)" = 0 ]; then
  id -u mysql >/dev/null 2>&1 || die "the mysql user is missing (reinstall mariadb-server)"
  db_user=(--user=mysql)
fi
# Its data, socket, pid file and log in one folder it owns.
db=$dir/mariadb
mkdir -p "$db/data" && { [ ${#db_user[@]} -eq 0 ] || chown -R mysql: "$db"; }
# Speed over durability: the database lives for one test run.
db_options=(--datadir="$db/data" --skip-log-bin --innodb-buffer-pool-size=64M --innodb-log-file-size=16M
  --innodb-flush-log-at-trx-commit=0 --innodb-doublewrite=0 --skip-innodb-adaptive-hash-index --skip-name-resolve)
mariadb-install-db --no-defaults "${db_user[@]}" "${db_options[@]}" --auth-root-authentication-method=normal --skip-test-db \
  >"$dir/install-db.log" 2>&1 || { cat "$dir/install-db.log" >&2; die "mariadb-install-db failed"; }
"$MARIADBD" --no-defaults "${db_user[@]}" "${db_options[@]}" --socket="$db/mysqld.sock" --port="$db_port" \
  --bind-address=127.0.0.1 --pid-file="$db/mysqld.pid" --log-error="$db/mysqld.log" --skip-grant-tables \
  >"$dir/mariadbd.out" 2>&1 &
db_pid=$!
wait_for_port "$db_port" 300 "$db_pid" || { cat "$dir/mariadbd.out" "$db/mysqld.log" >&2; die "MariaDB did not start"; }
# The port opens a moment before the server takes queries: a few tries.
for try in $(seq 20); do
  mariadb --no-defaults --socket="$db/mysqld.sock" -u root -e 'CREATE DATABASE wordpress CHARACTER SET utf8mb4' 2>"$dir/create-db.log" && break
  [ "$try" -lt 20 ] || { cat "$dir/create-db.log" >&2; die "could not create the database"; }
  sleep 0.1
done

# --- 2. The docroot ----------------------------------------------------------------------------

www=$dir/www
mkdir -p "$www" "$www/wp-content/uploads" "$www/wp-content/plugins" "$www/wp-content/mu-plugins"
for entry in "$WP_CODE"/*; do
  case "${entry##*/}" in wp-config.php | wp-content) ;; *) ln -s "$entry" "$www/${entry##*/}" ;; esac
done
ln -s "$WP_CODE/wp-content/themes" "$www/wp-content/themes"

wp_port=$(free_port) || die "could not find a free port"
wp_url="http://127.0.0.1:$wp_port"
salts=$(php -r 'foreach (["AUTH_KEY","SECURE_AUTH_KEY","LOGGED_IN_KEY","NONCE_KEY","AUTH_SALT","SECURE_AUTH_SALT","LOGGED_IN_SALT","NONCE_SALT"] as $k) printf("define(%s, %s);\n", var_export($k, true), var_export(bin2hex(random_bytes(32)), true));')

cat >"$www/wp-config.php" <<PHP
<?php
// The test WordPress's own configuration (scripts/wordpress-test-server.sh). ABSPATH is this
// docroot: the router defines it before WordPress's files (symlinks into $WP_CODE) run.
define('DB_NAME', 'wordpress');
define('DB_USER', 'root');
define('DB_PASSWORD', '');
define('DB_HOST', '127.0.0.1:$db_port');
define('DB_CHARSET', 'utf8mb4');
define('DB_COLLATE', '');
\$table_prefix = 'wp_';
$salts
define('WP_HOME', '$wp_url');
define('WP_SITEURL', '$wp_url');
define('WP_CONTENT_DIR', '$www/wp-content');
define('WP_CONTENT_URL', '$wp_url/wp-content');
// Application passwords over plain http are allowed on a 'local' site only.
define('WP_ENVIRONMENT_TYPE', 'local');
// No requests out of the machine, no cron requests to itself, no updates.
define('WP_HTTP_BLOCK_EXTERNAL', true);
define('DISABLE_WP_CRON', true);
define('AUTOMATIC_UPDATER_DISABLED', true);
define('WP_AUTO_UPDATE_CORE', false);
define('WP_DEBUG', false);
if (!defined('ABSPATH')) define('ABSPATH', __DIR__ . '/');
require_once ABSPATH . 'wp-settings.php';
PHP

# No mail leaves the test site (there is no MTA; PHPMailer would only warn).
cat >"$www/wp-content/mu-plugins/rankpilot-tests.php" <<'PHP'
<?php
add_filter('pre_wp_mail', '__return_false');
PHP

# A file type the site refuses, on demand and per request: an upload whose file name holds
# "refuse-me" (the tests put it in the article's slug) is not allowed to be a PNG, so WordPress
# answers with its own refusal ("Sorry, you are not allowed to upload this file type."), as a site
# that restricts its upload types does. Per request, not a site option: the pglite and postgres
# projects publish to this one site at the same time.
cat >"$www/wp-content/mu-plugins/rankpilot-refuse-png.php" <<'PHP'
<?php
add_filter('upload_mimes', function ($mimes) {
    $disposition = isset($_SERVER['HTTP_CONTENT_DISPOSITION']) ? $_SERVER['HTTP_CONTENT_DISPOSITION'] : '';
    if (stripos($disposition, 'refuse-me') !== false) unset($mimes['png']);
    return $mimes;
});
PHP

# A stand-in for Rank Math (not the plugin: Debian does not package it), loaded only for requests
# under the site addresses <site>/rank-math and <site>/rank-math-api (the router strips the prefix
# and says so), so the other tests see a site without it. It registers what Rank Math has, the
# rankmath/v1 namespace with its updateMeta route (the post's edit permission, then each
# rank_math_* key updated, or deleted when empty); under /rank-math it also registers Rank Math's
# four post meta keys for the REST API, as a site's companion snippet does, while under
# /rank-math-api they stay unregistered, as with Rank Math alone (docs/product/publishing.md,
# "What goes where").
cat >"$www/wp-content/mu-plugins/rankpilot-rank-math-stand-in.php" <<'PHP'
<?php
if (!defined('RANKPILOT_RANK_MATH_STAND_IN')) return;
const RANKPILOT_RANK_MATH_KEYS = ['rank_math_title', 'rank_math_description', 'rank_math_focus_keyword', 'rank_math_canonical_url'];
add_action('init', function () {
    if (defined('RANKPILOT_RANK_MATH_KEYS_UNREGISTERED')) return;
    foreach (RANKPILOT_RANK_MATH_KEYS as $key) {
        register_post_meta('post', $key, [
            'type' => 'string',
            'single' => true,
            'show_in_rest' => true,
            'auth_callback' => function ($allowed, $meta_key, $post_id) { return current_user_can('edit_post', $post_id); },
        ]);
    }
});
add_action('rest_api_init', function () {
    register_rest_route('rankmath/v1', '/updateMeta', [
        'methods' => 'POST',
        'permission_callback' => function ($request) { return current_user_can('edit_post', (int) $request['objectID']); },
        'callback' => function ($request) {
            foreach ((array) $request['meta'] as $key => $value) {
                if (strpos($key, 'rank_math_') !== 0) continue;
                if ($value === '' || $value === null) delete_post_meta((int) $request['objectID'], $key);
                else update_post_meta((int) $request['objectID'], $key, sanitize_text_field($value));
            }
            return ['slug' => true, 'schemas' => []];
        },
    ]);
});
PHP

# What WordPress's .htaccess does under Apache: existing files are served, everything else is
# index.php (pretty permalinks, /wp-json/). ABSPATH is the docroot, not the symlinks' target.
cat >"$dir/router.php" <<PHP
<?php
define('ABSPATH', '$www/');
// Requests under /rank-math and /rank-math-api are the same site with the Rank Math stand-in
// loaded (mu-plugins); under /rank-math-api without its meta keys registered for the REST API.
if (preg_match('#^/rank-math(-api)?(/.*)\$#', \$_SERVER['REQUEST_URI'], \$under)) {
    define('RANKPILOT_RANK_MATH_STAND_IN', true);
    if (\$under[1] !== '') define('RANKPILOT_RANK_MATH_KEYS_UNREGISTERED', true);
    \$_SERVER['REQUEST_URI'] = \$under[2];
    // php -S also gives WordPress the path as PATH_INFO, which WordPress reads first.
    if (isset(\$_SERVER['PATH_INFO'])) \$_SERVER['PATH_INFO'] = preg_replace('#^/rank-math(-api)?#', '', \$_SERVER['PATH_INFO']);
}
\$path = rawurldecode(parse_url(\$_SERVER['REQUEST_URI'], PHP_URL_PATH) ?: '/');
\$file = ABSPATH . ltrim(\$path, '/');
if (strpos(\$path, '..') === false && is_file(\$file) && substr(\$path, -4) !== '.php') return false;
if (strpos(\$path, '..') === false && is_dir(\$file) && is_file(rtrim(\$file, '/') . '/index.php')) {
    \$script = rtrim(\$path, '/') . '/index.php';
} elseif (strpos(\$path, '..') === false && substr(\$path, -4) === '.php' && is_file(\$file)) {
    \$script = \$path;
} else {
    \$script = '/index.php';
}
\$_SERVER['SCRIPT_NAME'] = \$_SERVER['PHP_SELF'] = \$script;
\$_SERVER['SCRIPT_FILENAME'] = ABSPATH . ltrim(\$script, '/');
chdir(dirname(\$_SERVER['SCRIPT_FILENAME']));
require \$_SERVER['SCRIPT_FILENAME'];
PHP

# --- 3. Install WordPress, an Editor and their application password ----------------------------

cat >"$dir/install.php" <<PHP
<?php
define('ABSPATH', '$www/');
define('WP_INSTALLING', true);
\$_SERVER += ['HTTP_HOST' => '127.0.0.1:$wp_port', 'REQUEST_URI' => '/', 'SERVER_NAME' => '127.0.0.1', 'SERVER_PORT' => '$wp_port'];
require ABSPATH . 'wp-load.php';
require_once ABSPATH . 'wp-admin/includes/upgrade.php';
\$installed = wp_install('Rankpilot test blog', 'admin', 'admin@example.com', false, '', wp_generate_password(32));
if (is_wp_error(\$installed)) { fwrite(STDERR, \$installed->get_error_message()); exit(1); }
switch_theme('$WP_THEME');
update_option('permalink_structure', '/%postname%/');
flush_rewrite_rules(false);
\$user = wp_insert_user(['user_login' => 'editor', 'user_pass' => wp_generate_password(32), 'user_email' => 'editor@example.com',
    'display_name' => 'Rankpilot Editor', 'role' => 'editor']);
if (is_wp_error(\$user)) { fwrite(STDERR, \$user->get_error_message()); exit(1); }
\$created = WP_Application_Passwords::create_new_application_password(\$user, ['name' => 'Rankpilot tests']);
if (is_wp_error(\$created)) { fwrite(STDERR, \$created->get_error_message()); exit(1); }
echo \$created[0];
PHP
wp_password=$(cd "$dir" && php -d display_errors=stderr "$dir/install.php" 2>"$dir/install.log") ||
  { cat "$dir/install.log" >&2; die "installing WordPress failed"; }
[ -n "$wp_password" ] || { cat "$dir/install.log" >&2; die "installing WordPress gave no application password"; }

# --- 4. Serve it -------------------------------------------------------------------------------

PHP_CLI_SERVER_WORKERS=${PHP_CLI_SERVER_WORKERS:-4} setsid php -S "127.0.0.1:$wp_port" -t "$www" \
  -d display_errors=0 -d log_errors=1 -d error_log="$dir/php-errors.log" -d memory_limit=256M \
  -d upload_max_filesize=64M -d post_max_size=64M -d opcache.enable_cli=1 \
  "$dir/router.php" >"$dir/php-server.log" 2>&1 &
php_pid=$!
wait_for_port "$wp_port" 100 "$php_pid" || { cat "$dir/php-server.log" >&2; die "php -S did not start"; }
# The REST API through a pretty permalink: the router and the rewrite rules work.
php -r 'exit(strpos((string) @file_get_contents($argv[1]), "\"namespaces\"") !== false ? 0 : 1);' "$wp_url/wp-json/" ||
  { cat "$dir/php-server.log" "$dir/php-errors.log" >&2 2>/dev/null; die "WordPress does not answer $wp_url/wp-json/"; }

version=$(php -r 'include $argv[1]; echo $wp_version;' "$WP_CODE/wp-includes/version.php")
took_ms=$((($(date +%s%N) - started) / 1000000))
exports="export RANKPILOT_TEST_WP_URL='$wp_url'
export RANKPILOT_TEST_WP_USER='editor'
export RANKPILOT_TEST_WP_PASSWORD='$wp_password'
export RANKPILOT_TEST_WP_SUMMARY='$wp_url (WordPress $version, $("$MARIADBD" --version | grep -o 'Ver [^ ]*' | head -n 1 | sed 's/Ver /MariaDB /'), php -S, started in $took_ms ms, files in $dir)'"
if [ -n "$env_file" ]; then
  printf '%s\n' "$exports" >"$env_file.tmp" && mv "$env_file.tmp" "$env_file"
else
  printf '%s\n\nWordPress is up; Ctrl-C stops it and removes %s.\n' "$exports" "$dir"
fi

# Until stopped; a PHP server that dies ends the script (and its cleanup).
wait "$php_pid"
