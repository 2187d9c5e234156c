"""Server messages of the billing area (English and Spanish)."""

from __future__ import annotations

from functions.core.messages import CATALOG

MESSAGES: dict[str, dict[str, str]] = {
    "billing.embed_label": {"en": "Donate", "es": "Donar"},
    "billing.csv.provider": {"en": "Provider", "es": "Proveedor"},
    "billing.csv.business_key": {"en": "Payment reference", "es": "Referencia del pago"},
    "billing.csv.mode": {"en": "Mode", "es": "Modo"},
    "billing.csv.status": {"en": "Status", "es": "Estado"},
    "billing.csv.created_at": {"en": "Date", "es": "Fecha"},
    "billing.csv.gross": {"en": "Gross", "es": "Bruto"},
    "billing.csv.fee": {"en": "Fee", "es": "Comisión"},
    "billing.csv.net": {"en": "Net", "es": "Neto"},
    "billing.csv.refunded": {"en": "Refunded", "es": "Reembolsado"},
    "billing.csv.currency": {"en": "Currency", "es": "Moneda"},
    "billing.csv.payout_id": {"en": "Payout", "es": "Liquidación"},
    "billing.csv.payout_date": {"en": "Payout date", "es": "Fecha de liquidación"},
    "billing.csv.donation_id": {"en": "Donation", "es": "Donación"},
    "billing.csv.donor_name": {"en": "Donor", "es": "Donante"},
    "billing.csv.unmatched_reason": {"en": "Why unmatched", "es": "Por qué sin donación"},
}

CATALOG.update(MESSAGES)
