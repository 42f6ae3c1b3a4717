"""MkDocs hook (mkdocs.yml's `hooks`): the renderer's snapshots, `tests/bot/snapshots/*.png`,
join the site as `snapshots/NAME.png`, so the pages show the table and hand pictures the
snapshot tests keep true, without a copy in docs/ to fall behind them."""

from __future__ import annotations

from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files

SNAPSHOTS = Path(__file__).resolve().parent.parent / "tests" / "bot" / "snapshots"


def on_files(files: Files, config: MkDocsConfig) -> Files:
    for image in sorted(SNAPSHOTS.glob("*.png")):
        files.append(
            File(
                f"snapshots/{image.name}",
                src_dir=str(SNAPSHOTS.parent),
                dest_dir=config.site_dir,
                use_directory_urls=config.use_directory_urls,
            )
        )
    return files
