"""Robots: each decides from a seat's view alone (`Robot.choose(view)`), never from the state."""

from vaza.robots.base import Robot
from vaza.robots.simple import SimpleRobot

__all__ = ["Robot", "SimpleRobot"]
