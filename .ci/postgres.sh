# Source this file: a throwaway PostgreSQL cluster on a loopback port for the tests.
#   pg_start   installs PostgreSQL with apt-get when it is missing, runs initdb as the
#              postgres user (initdb refuses root), starts the server on 127.0.0.1 and
#              exports DECKLAB_TEST_POSTGRES_URL;
#   pg_stop    stops the server and removes the cluster.

pg_bin() {
  ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1
}

pg_start() {
  if [ -z "$(pg_bin)" ]; then
    echo "Installing PostgreSQL with apt-get..."
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
  fi
  PG_BIN=$(pg_bin)
  if ! id postgres >/dev/null 2>&1; then
    useradd --system --home-dir /var/lib/postgresql --shell /bin/bash postgres
  fi
  PG_DIR=$(mktemp -d /tmp/decklab-pg.XXXXXX)
  chown postgres "$PG_DIR"
  chmod 700 "$PG_DIR"
  PG_PORT=${PG_PORT:-$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')}
  su postgres -c "$PG_BIN/initdb -D $PG_DIR/data -U postgres -A trust -E UTF8 --no-locale" >/dev/null
  su postgres -c "$PG_BIN/pg_ctl -D $PG_DIR/data -l $PG_DIR/server.log -w \
      -o \"-p $PG_PORT -k $PG_DIR -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200\" start" >/dev/null
  export PG_BIN PG_DIR PG_PORT
  export DECKLAB_TEST_POSTGRES_URL="postgresql+psycopg://postgres@127.0.0.1:$PG_PORT/postgres"
  echo "PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') is running on 127.0.0.1:$PG_PORT"
}

pg_stop() {
  if [ -n "${PG_DIR:-}" ] && [ -d "$PG_DIR/data" ]; then
    su postgres -c "$PG_BIN/pg_ctl -D $PG_DIR/data -m fast -w stop" >/dev/null 2>&1 || true
    rm -rf "$PG_DIR"
  fi
}
