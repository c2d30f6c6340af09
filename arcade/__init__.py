"""The pygame-ce client: loop, scenes, input, rendering, sound. Imports engine and netplay.

Importing the package does not import pygame; the modules that draw do.
"""
