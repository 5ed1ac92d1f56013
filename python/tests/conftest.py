"""Every warning fails the tests: the package must not trip the checkers it is tested with
(PettingZoo's api_test, Gymnasium's env_checker) nor anything else."""


def pytest_configure(config):
    config.addinivalue_line("filterwarnings", "error")
