"""``python -m pianitsa101.simulate``: compile the simulators and cache them, a line per piece."""

from pianitsa101.simulate._build import main

main()
