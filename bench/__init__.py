"""Benchmarks: each figure is printed as a ratio against a baseline measured in the same run."""
