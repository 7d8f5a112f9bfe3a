"""``python -m pianitsa101.simulate``: compile the simulators and cache them (``make`` does it in set-up)."""

from pianitsa101.simulate._cache import main

main()
