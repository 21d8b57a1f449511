"""Pure game rules, one package per game, and the contract they share (games.contract)."""
