"""Dou Dizhu (Fight the Landlord): pure rules, the hand and match aggregates, bots."""

from domain.doudizhu.moves import legal_moves
from domain.doudizhu.patterns import Pattern, PatternKind, beats, classify
from domain.doudizhu.scoring import Settlement, settle

__all__ = ["Pattern", "PatternKind", "Settlement", "beats", "classify", "legal_moves", "settle"]
