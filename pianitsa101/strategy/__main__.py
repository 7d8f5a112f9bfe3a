"""``python -m pianitsa101.strategy``: compile and cache the simulators and the Monte Carlo bot's playouts."""

from pianitsa101.simulate._cache import main
from pianitsa101.strategy import _bot101

main(also=[("MonteCarloAgent's playouts", _bot101.warm_up)])
