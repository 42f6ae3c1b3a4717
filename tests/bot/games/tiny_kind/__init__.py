"""A third game the bot does not ship, registered only by `tests/bot/games/test_third_kind.py`:
Race to Twenty (players take turns adding 1 or 2 to a count; whoever makes it twenty wins). Its
engine (`engine.py`), computer player (`players.py`), rules (`kind.py`, `KIND`) and face
(`face.py`, `FACE`) live here, outside `bot/`, as another package's game would."""
