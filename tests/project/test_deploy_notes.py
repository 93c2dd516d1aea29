"""What a deployment needs is said where it is needed (issue #55, item 12): the cluster's bots read the PostgreSQL
password as ``PGPASSWORD`` (a password with ``@`` broke the ``TRACTOR_DB`` URL it was pasted into); both compose files
and DEPLOY say they need Docker Compose 2.24 (their optional ``env_file``); DEPLOY's venv step installs
``python3.11-venv``; DISCORD.md does not call the Activity bundle part of the README's install command."""

from __future__ import annotations

import re
from pathlib import Path

from data.targets import database_target, mask_secrets

ROOT = Path(__file__).resolve().parents[2]


def _services(text: str) -> dict[str, str]:
    """Each top-level service's block of the compose file (by indentation)."""
    blocks = re.split(r"\n  (?=[\w-]+:\n)", text.split("\nservices:\n", 1)[1].split("\nvolumes:\n", 1)[0])
    return {block.split(":", 1)[0].strip(): block for block in blocks}


def test_the_cluster_passes_the_password_beside_the_url() -> None:
    services = _services((ROOT / "deploy" / "cluster-compose.yaml").read_text(encoding="utf-8"))
    bots = {name: block for name, block in services.items() if "TRACTOR_DB" in block}
    assert len(bots) >= 2
    for name, block in bots.items():
        url = re.search(r"TRACTOR_DB: (\S+)", block)[1]  # type: ignore[index]
        assert "${" not in url and "@" in url, name  # the user only: no password to break the URL
        assert str(database_target(url)) == url and mask_secrets(url) == url
        assert re.search(r"PGPASSWORD: \$\{POSTGRES_PASSWORD", block), name  # asyncpg reads PGPASSWORD


def test_compose_version_venv_and_the_activity_bundle_are_said() -> None:
    for path in (ROOT / "compose.yaml", ROOT / "deploy" / "cluster-compose.yaml", ROOT / "docs" / "DEPLOY.md"):
        assert "Compose 2.24" in path.read_text(encoding="utf-8"), path
    deploy = (ROOT / "docs" / "DEPLOY.md").read_text(encoding="utf-8")
    assert deploy.index("apt install python3.11-venv") < deploy.index("-m venv .venv")
    discord = (ROOT / "docs" / "DISCORD.md").read_text(encoding="utf-8")
    assert "part of the README's install command" not in discord and "tools/build_activity.sh" in discord
    readme_install = (ROOT / "README.md").read_text(encoding="utf-8").split("```")[1]
    assert "build_activity" not in readme_install  # what DISCORD.md now says
