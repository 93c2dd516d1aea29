"""A throwaway PostgreSQL cluster for tests and benchmarks: ``initdb`` + ``pg_ctl`` on a Unix socket in a
temporary folder, stopped and deleted at the end. No TCP port, no password (``trust`` on the socket).

The server binaries come from ``pg_config --bindir`` (Debian: ``/usr/lib/postgresql/N/bin``).
``initdb`` refuses to run as root: as root the cluster runs as the ``postgres`` system user (``runuser``).

    with PgCluster.start() as cluster:         # or: python -m tools.pgcluster (prints a URL, Ctrl-C stops)
        url = cluster.create_database("t1")    # postgresql:///t1?host=/tmp/…&user=postgres
"""

from __future__ import annotations

import contextlib
import glob
import logging
import os
import shutil
import subprocess
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from urllib.parse import quote

log = logging.getLogger(__name__)

SUPERUSER = "postgres"
# Tests trade durability for speed; a benchmark passes durable=True (the server's defaults: fsync on).
FAST_SETTINGS = ("fsync=off", "synchronous_commit=off", "full_page_writes=off")


class ClusterUnavailable(RuntimeError):
    """No PostgreSQL server binaries on this machine (or no user to run them as)."""


def bindir() -> Path:
    """Where ``initdb``/``pg_ctl``/``psql`` are: ``pg_config --bindir``, else the newest Debian version."""
    candidates: list[str] = []
    pg_config = shutil.which("pg_config")
    if pg_config:
        with contextlib.suppress(OSError, subprocess.CalledProcessError):
            candidates.append(subprocess.run([pg_config, "--bindir"], check=True, capture_output=True,
                                             text=True).stdout.strip())
    candidates += sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=lambda p: int(p.split("/")[-2]), reverse=True)
    for candidate in candidates:
        if candidate and (Path(candidate) / "initdb").exists() and (Path(candidate) / "pg_ctl").exists():
            return Path(candidate)
    raise ClusterUnavailable("no initdb/pg_ctl found (pg_config --bindir, /usr/lib/postgresql/*/bin)")


class PgCluster:
    """A running throwaway cluster; ``stop()`` (or leaving the ``with`` block) removes it."""

    def __init__(self, root: Path, bin_dir: Path, run_as: str | None) -> None:
        self.root = root
        self.bin_dir = bin_dir
        self.run_as = run_as
        self.data = root / "data"
        self.socket_dir = root
        self.options = ""  # the server's command-line settings (``start``)
        self._databases = 0

    # -- lifecycle ------------------------------------------------------------------------------
    @classmethod
    def start(cls, *, durable: bool = False, max_connections: int = 300, settings: Sequence[str] = ()) -> PgCluster:
        """``initdb`` a new cluster in a temporary folder and start it on a Unix socket there."""
        bin_dir = bindir()
        run_as = SUPERUSER if os.geteuid() == 0 else None
        if run_as is not None:
            try:
                import pwd

                account = pwd.getpwnam(run_as)
            except KeyError as exc:
                raise ClusterUnavailable(f"running as root and there is no {run_as!r} user to run the server") from exc
        root = Path(tempfile.mkdtemp(prefix="tractor-pg-"))
        if run_as is not None:
            os.chown(root, account.pw_uid, account.pw_gid)
        root.chmod(0o700)
        cluster = cls(root, bin_dir, run_as)
        try:
            cluster._run("initdb", "-D", str(cluster.data), "-A", "trust", "-U", SUPERUSER, "-E", "UTF8",
                         "--no-sync", "--locale=C")
            options = [f"-k {root}", "-c listen_addresses=''", f"-c max_connections={max_connections}",
                       "-c shared_buffers=64MB"]
            options += [f"-c {s}" for s in (*(() if durable else FAST_SETTINGS), *settings)]
            cluster.options = " ".join(options)
            cluster.resume()
        except BaseException:
            cluster._remove()
            raise
        log.info("PostgreSQL test cluster at %s", root)
        return cluster

    def stop(self) -> None:
        """Stop the server (fast shutdown) and delete the folder."""
        if self.data.exists():
            with contextlib.suppress(subprocess.CalledProcessError):
                self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        self._remove()

    def halt(self) -> None:
        """Stop the server, keeping its data (``resume`` starts it again): a database server restarted under
        a running bot (fault tests, ``benchmarks/faults.py``)."""
        self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "-t", "60", "stop")

    def resume(self) -> None:
        """Start the (stopped) server."""
        self._run("pg_ctl", "-D", str(self.data), "-o", self.options, "-l", str(self.root / "server.log"),
                  "-w", "-t", "60", "start")

    def __enter__(self) -> PgCluster:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # -- databases ------------------------------------------------------------------------------
    def url(self, database: str = "postgres") -> str:
        """A ``postgresql://`` URL of ``database`` over the cluster's Unix socket."""
        return f"postgresql:///{database}?host={quote(str(self.socket_dir), safe='/')}&user={SUPERUSER}"

    def create_database(self, name: str | None = None, template: str = "template1") -> str:
        """A new empty database (a copy of ``template``); its URL."""
        if name is None:
            self._databases += 1
            name = f"t{os.getpid()}_{self._databases}"
        self.psql(f'CREATE DATABASE "{name}" TEMPLATE "{template}"')
        return self.url(name)

    def psql(self, sql: str, database: str = "postgres") -> str:
        """Run SQL with ``psql`` as the superuser; its output."""
        return self._run("psql", "-h", str(self.socket_dir), "-U", SUPERUSER, "-d", database, "-v",
                         "ON_ERROR_STOP=1", "-qAt", "-c", sql)

    # -- internals ------------------------------------------------------------------------------
    def _run(self, program: str, *args: str) -> str:
        command = [str(self.bin_dir / program), *args]
        if self.run_as is not None:
            command = ["runuser", "-u", self.run_as, "--", *command]
        done = subprocess.run(command, capture_output=True, text=True, cwd=self.root)
        if done.returncode != 0:
            raise subprocess.CalledProcessError(done.returncode, command, done.stdout, done.stderr)
        return done.stdout

    def _remove(self) -> None:
        shutil.rmtree(self.root, ignore_errors=True)


def main() -> None:
    """Start a cluster, print a database URL, wait for Ctrl-C, remove it (for trying the bot locally)."""
    with PgCluster.start(durable=True) as cluster:
        print(cluster.create_database("tractor"), flush=True)
        with contextlib.suppress(KeyboardInterrupt):
            while True:
                time.sleep(3600)


if __name__ == "__main__":
    main()
