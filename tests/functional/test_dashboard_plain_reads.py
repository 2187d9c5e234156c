"""The dashboard reads its items as plain attributes (`functions.core.plain_items`, ADR 0011
addendum "the dashboard's first request"), not through their models. Every figure must stay what
the model-based reading gave: each part of the dashboard is compared here with that reading (the
code the dashboard ran before, kept below as the reference) on varied generated data, including
items an absent attribute leaves to the model's default and items of another entity sorting among
the ones read (a model's Query leaves those out)."""

from __future__ import annotations

import datetime as dt
import random
from decimal import Decimal
from types import SimpleNamespace
from typing import Any

import pytest

from functions.core import config, keys, plain_items
from functions.core.identity import Tenant
from functions.core.table import client as table_client

TODAY = dt.date(2026, 11, 20)


def _put(item: dict[str, Any]) -> None:
    """A raw item (attributes a model would never leave out may be absent)."""
    table_client().put_item(TableName=config.table_name(), Item=item)


def _tenant(tenant_id: str, rng: random.Random, facts_at: dt.datetime | None) -> Tenant:
    tenant = Tenant(*Tenant.key(tenant_id), tenant_id=tenant_id, name=f"Charity {tenant_id}")
    tenant.official = rng.choice([{}, {"first_name": "Ann"}, {"last_name": "Smith"}, {"last_name": ""}])
    tenant.address = rng.choice(
        [{}, {"address_line1": "1 High St", "postcode": "AB1 2CD"}, {"address_line1": "1 High St"}]
    )
    tenant.year_end = rng.choice(["03-31", "12-31", "06-30", "08-15"])
    tenant.facts_at = facts_at
    tenant.save()
    return tenant


# ------------------------------------------------------------------ the reference: models
def _reference_done_steps(who: Any, tenant: Tenant) -> dict[str, bool]:
    from functions.charities import facts
    from functions.declarations.models import DeclarationRecord
    from functions.giftaid.models import ClaimItem
    from functions.giftaid.summary import stored_settings

    def any_of(pk: str, prefix: str, model: Any) -> bool:
        return any(True for _ in model.query(pk, model.sk.startswith(prefix), limit=1))

    settings = stored_settings(who.tenant_id)
    charity = facts.of(tenant, settings)
    address = tenant.address.as_dict() if tenant.address is not None else {}
    pk = keys.tenant_pk(who.tenant_id)
    return {
        "charity": bool(address.get("address_line1") and address.get("postcode")),
        "official": bool(
            charity.official.get("last_name") and settings is not None and settings.hmrc_reference
        ),
        "donors": int(who.counters.donors or 0) > 0,
        "declaration": any_of(pk, keys.declaration_prefix(), DeclarationRecord),
        "claim": any_of(pk, keys.claim_sk(""), ClaimItem),
    }


def _reference_figures(tenant_id: str, months: list[str], tax_year: int) -> dict[str, Any]:
    """The donation figures as the dashboard computed them from `DonationStats` and `DonationType`."""
    from functions.donations.models import DonationStats, DonationType

    items = DonationStats.query(
        keys.tenant_pk(tenant_id),
        DonationStats.sk.between(keys.donation_month_sk(months[0], ""), keys.donation_tax_year_sk(tax_year)),
    )
    by_sk = {item.sk: item for item in items}
    figures = {
        sk: (int(item.gifts or 0), item.total if item.total else Decimal(0)) for sk, item in by_sk.items()
    }
    year = by_sk.get(keys.donation_tax_year_sk(tax_year))
    average = (year.total / Decimal(int(year.gifts))) if year and year.gifts else Decimal(0)
    names = {
        item.type_id: item.name
        for item in DonationType.query(
            keys.tenant_pk(tenant_id), DonationType.sk.startswith(keys.donation_type_prefix()), limit=500
        )
    }
    return {"figures": figures, "average": average, "names": names}


def _reference_tiles(tenant: Tenant, today: dt.date) -> dict[str, Any]:
    """The fund tiles as the dashboard computed them from `functions.funds.figures`."""
    from functions.domain.financial_year import FinancialYear, year_containing
    from functions.domain.funds import is_guarded
    from functions.funds.figures import all_funds, month_totals, pounds, year_end

    tenant_id = tenant.tenant_id
    ends = year_end(tenant)
    year = FinancialYear(year_containing(today, ends), ends)
    first, last = year.months()
    active = [(fund, balance) for fund, balance in all_funds(tenant_id) if fund.active and not fund.archived]
    active.sort(key=lambda pair: (-int(pair[1].balance or 0), pair[0].name.casefold()))
    shown = active[:6]
    months = month_totals(tenant_id, first, last) if shown else {}
    rows = []
    for fund, balance in shown:
        income = gift_aid = 0
        for _, kinds in months.get(fund.fund_id, []):
            income += int(kinds.get("allocation", 0)) + int(kinds.get("refund_reversal", 0))
            gift_aid += int(kinds.get("gift_aid", 0))
        amount = int(balance.balance or 0)
        goal = int(fund.goal) if fund.goal is not None and int(fund.goal) > 0 else None
        rows.append(
            {
                "id": fund.fund_id,
                "name": fund.name,
                "fund_class": fund.fund_class,
                "restricted": is_guarded(fund.fund_class),
                "balance": pounds(amount),
                "year_income": pounds(income),
                "year_gift_aid": pounds(gift_aid),
                "goal": pounds(goal),
                "goal_percent": (max(amount, 0) * 100 // goal) if goal else None,
            }
        )
    return {
        "tiles": rows,
        "active_count": len(active),
        "year": {"year": year.year, "start": year.start.isoformat(), "end": year.end.isoformat()},
    }


def _reference_state_summary(tenant_id: str, state: str, max_pages: int, page_size: int) -> tuple:
    from functions.donations.models import Donation

    results = Donation.gsi4.query(
        keys.gift_aid_state_pk(tenant_id, state),
        attributes_to_get=[Donation.amount.attr_name, Donation.gift_aid_amount.attr_name],
        page_size=page_size,
    )
    count, amount, tax, complete = 0, Decimal("0.00"), Decimal("0.00"), True
    for number, page in enumerate(results.page_iter, start=1):
        for raw in page.get("Items", []):
            count += 1
            amount += Donation.amount.deserialize(raw[Donation.amount.attr_name]["N"])
            stored_tax = raw.get(Donation.gift_aid_amount.attr_name)
            if stored_tax and "N" in stored_tax:
                tax += Donation.gift_aid_amount.deserialize(stored_tax["N"])
        if page.get("LastEvaluatedKey") and number >= max_pages:
            complete = False
            break
    return count, amount, tax, complete


# ------------------------------------------------------------------ the comparisons
def test_the_discriminators_read_are_the_models_own_and_none_has_a_subclass(aws):
    """A model's Query keeps its own entity and its subclasses'; the plain reads name one each."""
    from functions.dashboard import fund_tiles, service, setup
    from functions.declarations.models import DeclarationRecord
    from functions.domain.giftaid.states import GiftAidState
    from functions.donations.models import Donation, DonationStats, DonationType
    from functions.funds.models import Fund, FundBalance, FundMonth
    from functions.giftaid import summary
    from functions.giftaid.models import ClaimItem

    read = {
        setup.DECLARATION_ENTITY: DeclarationRecord,
        setup.CLAIM_ENTITY: ClaimItem,
        service.STATS_ENTITY: DonationStats,
        service.TYPE_ENTITY: DonationType,
        summary.DONATION_ENTITY: Donation,
        fund_tiles.FUND_ENTITY: Fund,
        fund_tiles.BALANCE_ENTITY: FundBalance,
        fund_tiles.MONTH_ENTITY: FundMonth,
    }
    for entity, model in read.items():
        discriminator = model._get_discriminator_attribute()
        assert discriminator.get_registered_subclasses(model) == [model], entity
        assert discriminator.get_discriminator(model) == entity
    assert service.CLAIMABLE == GiftAidState.CLAIMABLE
    assert (summary.AMOUNT, summary.GIFT_AID_AMOUNT) == (
        Donation.amount.attr_name,
        Donation.gift_aid_amount.attr_name,
    )


def _checklist_case(seed: int) -> tuple[dict[str, bool], dict[str, bool]]:
    """One generated charity: the checklist's steps from the plain reads and from the models."""
    from functions.dashboard import service, setup
    from functions.declarations.models import DeclarationRecord
    from functions.giftaid.models import ClaimItem, GiftAidSettings

    rng = random.Random(seed)  # noqa: S311 (test data)
    tenant_id = f"t{seed:03d}"
    settings_at = dt.datetime(2026, 5, 1, 12, tzinfo=dt.UTC)
    facts_at = rng.choice([None, settings_at - dt.timedelta(days=1), settings_at + dt.timedelta(days=1)])
    tenant = _tenant(tenant_id, rng, facts_at)
    if rng.random() < 0.8:
        settings = GiftAidSettings(*GiftAidSettings.key(tenant_id))
        settings.hmrc_reference = rng.choice([None, "", "AB12345", "AB12345"])
        settings.official = rng.choice([None, {}, {"last_name": "Jones"}, {"first_name": "Jo"}])
        settings.regulator = rng.choice([None, "CCEW"])
        settings.created_at = settings_at
        settings.save()
        if rng.random() < 0.2:  # a settings item without created_at (the old copy then counts)
            table_client().update_item(
                TableName=config.table_name(),
                Key={"PK": {"S": keys.tenant_pk(tenant_id)}, "SK": {"S": keys.gift_aid_settings_sk()}},
                UpdateExpression="REMOVE created_at",
            )
    pk = keys.tenant_pk(tenant_id)
    stranger = {"PK": {"S": pk}, "entity": {"S": "DonationStats"}, "gifts": {"N": "1"}}
    for _ in range(rng.choice([0, 0, 1, 3])):
        DeclarationRecord(
            pk,
            keys.declaration_sk(f"d{rng.randrange(1000)}"),
            declaration_id="d",
            tenant_id=tenant_id,
            donor_id="x",
            method="written",
            date_given="2026-04-01",
            statement_version="v1",
        ).save()
    if rng.random() < 0.4:  # another entity sorting first under the prefix: not a declaration
        _put(stranger | {"SK": {"S": f"{keys.declaration_prefix()}0"}})
    for _ in range(rng.choice([0, 0, 1, 2])):
        ClaimItem(pk, keys.claim_sk(f"c{rng.randrange(1000)}"), claim_id="c", tenant_id=tenant_id).save()
    if rng.random() < 0.4:
        _put(stranger | {"SK": {"S": f"{keys.claim_prefix()}0"}})
    who = SimpleNamespace(tenant_id=tenant_id, counters=SimpleNamespace(donors=rng.choice([None, 0, 3])))

    read_tenant, read_settings = service._charity(tenant_id, settings=True)  # noqa: SLF001
    assert read_tenant.serialize() == Tenant.get(*Tenant.key(tenant_id)).serialize()
    return setup.done_steps(who, read_tenant, read_settings), _reference_done_steps(who, tenant)


def test_the_checklist_from_plain_reads_equals_the_models_answers(aws):
    answers: dict[str, set[bool]] = {}
    for seed in range(40):
        found, reference = _checklist_case(seed)
        assert found == reference, seed
        for step, done in reference.items():
            answers.setdefault(step, set()).add(done)
    # every step was generated both ways, so the comparison could tell a wrong reading
    assert answers == dict.fromkeys(reference, {True, False})


@pytest.mark.parametrize("seed", range(8))
def test_the_donation_figures_from_plain_reads_equal_the_models_answers(aws, seed):
    from functions.dashboard import service
    from functions.domain.tax_year import last_months, month_of, tax_year_label, tax_year_of

    rng = random.Random(seed)  # noqa: S311 (test data)
    tenant_id = f"f{seed:03d}"
    pk = keys.tenant_pk(tenant_id)
    months = last_months(TODAY, service.MONTHS)
    tax_year = tax_year_of(TODAY)
    sks = [keys.donation_month_sk(month) for month in [*months, "2024-01"]]
    sks += [keys.donation_month_sk(rng.choice(months), f"TYPE#t{n}") for n in range(4)]
    sks += [keys.donation_month_sk(rng.choice(months), f"METHOD#{m}") for m in ("cash", "card")]
    sks += [keys.donation_tax_year_sk(year) for year in (tax_year - 1, tax_year, tax_year + 1)]
    sks += [keys.donation_month_sk("2027-02"), keys.donation_month_sk("2027-02", "TYPE#t0")]  # ahead
    for sk in sks:
        if rng.random() < 0.3:
            continue
        item = {"PK": {"S": pk}, "SK": {"S": sk}, "entity": {"S": "DonationStats"}}
        if rng.random() < 0.85:
            item["gifts"] = {"N": str(rng.randrange(0, 40))}
        if rng.random() < 0.85:
            item["total"] = {"N": str(Decimal(rng.randrange(0, 900_000)) / 100)}
        _put(item)
    if rng.random() < 0.5:  # another entity inside the range read
        _put({"PK": {"S": pk}, "SK": {"S": keys.donation_month_sk(months[-1], "")}, "entity": {"S": "Fund"}})
    for number in range(rng.randrange(4)):  # a type without its item: shown without a name
        _put(
            {
                "PK": {"S": pk},
                "SK": {"S": keys.donation_type_sk(f"t{number}")},
                "entity": {"S": "DonationType"},
                "type_id": {"S": f"t{number}"},
                "name": {"S": f"Type {number}"},
            }
        )
    who = SimpleNamespace(tenant_id=tenant_id, counters=SimpleNamespace(donors=4))

    found = service._donation_figures(who, TODAY, months, tax_year)  # noqa: SLF001
    reference = _reference_figures(tenant_id, months, tax_year)
    from functions.core.money import money_text

    def shown(sk: str) -> dict[str, Any]:
        gifts, total = reference["figures"].get(sk, (0, Decimal(0)))
        return {"count": gifts, "total": money_text(total)}

    year_sk = keys.donation_tax_year_sk(tax_year)
    assert found["tiles"] == {
        "donations_this_month": shown(keys.donation_month_sk(month_of(TODAY))),
        "donations_this_tax_year": {**shown(year_sk), "tax_year": tax_year_label(tax_year)},
        "donors": 4,
        "average_gift": money_text(reference["average"]),
    }
    assert found["series"]["per_month"] == [
        {"month": month, **shown(keys.donation_month_sk(month))} for month in months
    ]
    by_type = {}
    for sk, (gifts, total) in reference["figures"].items():
        parts = sk.split("#")
        if len(parts) == 4 and parts[1] in months and parts[2] == "TYPE":
            entry = by_type.setdefault(parts[3], [0, Decimal(0)])
            entry[0] += gifts
            entry[1] += total
    assert {
        row["type_id"]: (row["count"], row["total"], row["name"]) for row in found["series"]["by_type"]
    } == {
        type_id: (gifts, money_text(total), reference["names"].get(type_id, ""))
        for type_id, (gifts, total) in by_type.items()
    }


@pytest.mark.parametrize("seed", range(4))
def test_the_unclaimed_sum_from_plain_reads_equals_the_models_answer(aws, seed):
    from functions.giftaid import summary

    rng = random.Random(seed)  # noqa: S311 (test data)
    tenant_id = f"g{seed:03d}"
    state_pk = keys.gift_aid_state_pk(tenant_id, "claimable")
    for number in range(rng.randrange(0, 7)):
        item = {
            "PK": {"S": keys.tenant_pk(tenant_id)},
            "SK": {"S": keys.donation_sk(f"d{number}")},
            "entity": {"S": "Donation" if rng.random() < 0.85 else "DonationStats"},
            "GSI4PK": {"S": state_pk},
            "GSI4SK": {"S": keys.gift_aid_state_sk(f"2026-04-{number + 1:02d}", f"d{number}")},
            "amount": {"N": str(Decimal(rng.randrange(1, 50_000)) / 100)},
        }
        if rng.random() < 0.7:
            item["gift_aid_amount"] = {"N": str(Decimal(rng.randrange(0, 12_500)) / 100)}
        _put(item)
    for page_size in (1, 2, 5):
        for max_pages in (1, 2, 3):
            found = summary.state_summary(tenant_id, "claimable", max_pages=max_pages, page_size=page_size)
            assert (found.count, found.donation_total, found.gift_aid_total, found.complete) == (
                _reference_state_summary(tenant_id, "claimable", max_pages, page_size)
            ), (page_size, max_pages)


@pytest.mark.parametrize("seed", range(10))
def test_the_fund_tiles_from_plain_reads_equal_the_models_answers(aws, seed):
    from functions.dashboard import fund_tiles
    from functions.funds.models import Fund, FundBalance, FundMonth

    rng = random.Random(seed)  # noqa: S311 (test data)
    tenant_id = f"h{seed:03d}"
    tenant = _tenant(tenant_id, rng, None)
    classes = [
        "unrestricted_general",
        "designated",
        "restricted",
        "endowment_expendable",
        "endowment_permanent",
    ]
    fund_ids = [f"fund{n}" for n in range(rng.randrange(0, 10))]
    for fund_id in fund_ids:
        fund = Fund(
            *Fund.key(tenant_id, fund_id),
            fund_id=fund_id,
            tenant_id=tenant_id,
            name=rng.choice(["Roof", "roof", "Bells", "General", "Organ fund", "Zeal"]) + fund_id[-1],
            fund_class=rng.choice(classes),
            active=rng.random() < 0.85,
            archived=rng.random() < 0.15,
            goal=rng.choice([None, 0, 5_000, 120_000]),
        )
        fund.save()
        if rng.random() < 0.8:
            balance = FundBalance(*FundBalance.key(tenant_id, fund_id), fund_id=fund_id)
            balance.balance = rng.choice([0, -250, 1_000, 7_500, 7_500, 250_000])
            balance.save()
        for month in ("2025-03", "2025-12", "2026-04", "2026-07", "2026-11", "2027-03", "2027-04"):
            if rng.random() < 0.5:
                kinds = {
                    kind: rng.randrange(-500, 5_000) for kind in ("allocation", "gift_aid", "refund_reversal")
                }
                FundMonth(*FundMonth.key(tenant_id, month, fund_id), **kinds).save()
    if rng.random() < 0.6:  # a fund item without its flags and a balance item without its figure
        pk = keys.tenant_pk(tenant_id)
        _put(
            {
                "PK": {"S": pk},
                "SK": {"S": keys.fund_sk("plain")},
                "entity": {"S": "Fund"},
                "fund_id": {"S": "plain"},
                "tenant_id": {"S": tenant_id},
                "name": {"S": "Plain"},
                "fund_class": {"S": "designated"},
            }
        )
        balance = {
            "PK": {"S": pk},
            "SK": {"S": keys.fund_balance_sk("plain")},
            "entity": {"S": "FundBalance"},
        }
        _put(balance | ({"fund_id": {"S": "plain"}} if rng.random() < 0.5 else {}))
    if rng.random() < 0.5:  # a month item without its figures (the model reads them as 0)
        _put(
            {
                "PK": {"S": keys.tenant_pk(tenant_id)},
                "SK": {"S": keys.fund_month_sk("2026-05", "fund0")},
                "entity": {"S": "FundMonth"},
            }
        )
    found = fund_tiles.tiles(tenant, TODAY)
    assert found == _reference_tiles(tenant, TODAY)


def test_the_fund_tiles_read_a_funds_balance_income_and_gift_aid(aws):
    """The plain reads' tiles themselves (the comparison above holds them to the models')."""
    from functions.dashboard import fund_tiles
    from functions.funds.models import Fund, FundBalance, FundMonth

    tenant = _tenant("k001", random.Random(1), None)  # noqa: S311 (test data)
    Fund(*Fund.key("k001", "a"), fund_id="a", tenant_id="k001", name="Roof", fund_class="restricted").save()
    FundBalance(*FundBalance.key("k001", "a"), fund_id="a", balance=1_234).save()
    FundMonth(*FundMonth.key("k001", "2026-05", "a"), allocation=1_000, gift_aid=250).save()
    assert fund_tiles.tiles(tenant, TODAY)["tiles"] == [
        {
            "id": "a",
            "name": "Roof",
            "fund_class": "restricted",
            "restricted": True,
            "balance": "12.34",
            "year_income": "10.00",
            "year_gift_aid": "2.50",
            "goal": None,
            "goal_percent": None,
        }
    ]


def test_exists_reads_past_other_entities_as_a_limited_model_query_does(aws):
    pk = keys.tenant_pk("e001")
    for number in range(3):
        _put({"PK": {"S": pk}, "SK": {"S": f"CLAIM#{number}"}, "entity": {"S": "DonationStats"}})
    assert plain_items.exists(pk, "GiftAidClaim", "CLAIM#") is False
    _put({"PK": {"S": pk}, "SK": {"S": "CLAIM#9"}, "entity": {"S": "GiftAidClaim"}})
    assert plain_items.exists(pk, "GiftAidClaim", "CLAIM#") is True
