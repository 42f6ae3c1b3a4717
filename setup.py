"""Builds the engine as plain Python, or compiled with mypyc when CARAVAN_COMPILE=1.

The engine is the same source either way (mypy --strict typed); mypyc compiles it to C
extension modules that run the same code about twice as fast (benchmarks/README.md), for
the bot in production and the AI's search (engine/ai's modules are compiled too: hard thinks
for a fixed time, so the faster its search runs, the stronger it plays). A compiled editable
install puts the compiled modules beside the sources, where they shadow later edits until
the next install.
"""

import os

from setuptools import setup

ext_modules = []
if os.environ.get("CARAVAN_COMPILE") == "1":
    from mypyc.build import mypycify

    ext_modules = mypycify(
        [
            "engine/cards.py",
            "engine/errors.py",
            "engine/moves.py",
            "engine/movetable.py",
            "engine/deal.py",
            "engine/validate.py",
            "engine/caravan.py",
            "engine/rules.py",
            "engine/events.py",
            "engine/removal.py",
            "engine/state.py",
            "engine/game.py",
            "engine/undo.py",
            "engine/view.py",
            "engine/notation.py",
            "engine/ai/evaluation.py",
            "engine/ai/sampling.py",
            "engine/ai/inference.py",
            "engine/ai/ismcts.py",
            "engine/ai/players.py",
        ],
        opt_level="3",
    )

setup(ext_modules=ext_modules)
