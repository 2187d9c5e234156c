"""Gift Aid rules (GIFT_AID.md): pure functions over the types of `model.py`, no AWS."""
