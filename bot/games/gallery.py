"""Sample pictures of every registered game, for review: `python -m bot.games.gallery
OUTDIR`, their words in English, or in a language with `--language de` (from its
catalogue). Each game's face draws its own (`GameFace.samples`); Caravan's and Decktet
Caravan's are the scenes of `bot.render.gallery`, which the snapshot tests keep."""

from __future__ import annotations

import argparse
from pathlib import Path

from bot.faces import FACES
from bot.i18n import ENGLISH, LANGUAGES, Catalogue, catalogue


def write(folder: Path, words: Catalogue = ENGLISH) -> list[Path]:
    """Every registered game's samples as PNGs in `folder`, each named for its scene;
    returns the files written."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for face in FACES.values():
        for name, png in face.samples(words):
            path = folder / f"{name}.png"
            path.write_bytes(png)
            written.append(path)
    return written


def main() -> None:
    parser = argparse.ArgumentParser(description="Write every game's sample pictures as PNGs.")
    parser.add_argument("outdir")
    parser.add_argument("--language", choices=list(LANGUAGES), default="en")
    args = parser.parse_args()
    for path in write(Path(args.outdir), catalogue(args.language)):
        print(path)


if __name__ == "__main__":
    main()
