"""The preview tool writes every sample picture in both locales, plus the Discord-background composites."""

from __future__ import annotations

from pathlib import Path

from PIL import Image

from render.preview import DISCORD_DARK, DISCORD_LIGHT, main, pictures


def test_preview_writes_all_pictures(tmp_path: Path) -> None:
    assert main([str(tmp_path)]) == 0
    names = {p.name for p in tmp_path.glob("*.png")}
    expected = {f"{n}_{loc}{suffix}.png" for loc in ("en", "zh-CN") for n in pictures(loc)
                for suffix in ("", "_discord")}
    assert names == expected
    composite = Image.open(tmp_path / "table_en_discord.png").convert("RGB")
    assert composite.getpixel((0, 0)) == DISCORD_DARK
    assert composite.getpixel((composite.width - 1, 0)) == DISCORD_LIGHT
