"""Benchmarks run by ``ziehdomino bench NAME``: each prints figures and ends with a JSON line."""
