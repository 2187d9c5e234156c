"""Every key shape of the single table, in one place.

Tenant data: PK = TENANT#<tid>, and every GSI partition key starts with TENANT#<tid> too.
Global lookups exist only where the tenant cannot be known yet (sign-in by email, a token from an
email link, throttling counters) and hold nothing but a pointer or a counter.
A string like "USER#" appears nowhere else in the code base.
"""

from __future__ import annotations

PLATFORM_TENANT = "platform"


def tenant_pk(tenant_id: str) -> str:
    return f"TENANT#{tenant_id}"


def tenant_sk() -> str:
    return "TENANT"


def tenant_counters_sk() -> str:
    return "COUNTERS"


def tenants_index_pk() -> str:
    return "TENANTS"


def user_sk(user_id: str) -> str:
    return f"USER#{user_id}"


def user_prefix() -> str:
    return "USER#"


def users_by_role_pk(tenant_id: str, role_id: str) -> str:
    return f"{tenant_pk(tenant_id)}#ROLE#{role_id}"


def recovery_code_sk(user_id: str, code_hash: str) -> str:
    return f"RECOVERY#{user_id}#{code_hash}"


def recovery_code_prefix(user_id: str) -> str:
    return f"RECOVERY#{user_id}#"


def role_sk(role_id: str) -> str:
    return f"ROLE#{role_id}"


def role_prefix() -> str:
    return "ROLE#"


def option_sk(key: str) -> str:
    return f"OPTION#{key}"


def session_sk(token_hash: str) -> str:
    return f"SESSION#{token_hash}"


def sessions_of_user_pk(tenant_id: str, user_id: str) -> str:
    return f"{tenant_pk(tenant_id)}#USER#{user_id}#SESSIONS"


def email_lookup_key(email: str) -> tuple[str, str]:
    return f"EMAIL#{email}", "EMAIL"


def email_token_key(purpose: str, token_hash: str) -> tuple[str, str]:
    """Password-reset and email-verification tokens (global: the link carries no tenant)."""
    return f"TOKEN#{purpose}#{token_hash}", "TOKEN"


def throttle_key(bucket: str, window: int) -> tuple[str, str]:
    return f"THROTTLE#{bucket}", f"WINDOW#{window}"


def notification_sk(user_id: str, sortable_id: str) -> str:
    return f"NOTIFICATION#{user_id}#{sortable_id}"


def unread_notifications_pk(tenant_id: str, user_id: str) -> str:
    return f"{tenant_pk(tenant_id)}#USER#{user_id}#UNREAD"


def job_sk(job_id: str) -> str:
    return f"JOB#{job_id}"


def audit_sk(sortable_id: str) -> str:
    return f"AUDIT#{sortable_id}"


def outbox_key(sortable_id: str) -> tuple[str, str]:
    """Local-stage copy of every email sent (the dev outbox page)."""
    return "OUTBOX", f"EMAIL#{sortable_id}"


def outbox_pk() -> str:
    return "OUTBOX"


def tenants_index_sk(name: str, tenant_id: str) -> str:
    """GSI1 sort key of a charity in the admin list (`tenants_index_pk`): ordered by name."""
    return f"{name.lower()}#{tenant_id}"


def notification_prefix(user_id: str) -> str:
    return f"NOTIFICATION#{user_id}#"


def search_charities_pk() -> str:
    """Prefix-token items of the admin charity search. Platform-level on purpose: only platform
    administrators search, and their search spans every charity (ARCHITECTURE.md §4 search)."""
    return "SEARCH#CHARITIES"


def charity_search_sk(token: str, tenant_id: str) -> str:
    return f"{token}#{tenant_id}"


def export_object_key(tenant_id: str, job_id: str, filename: str) -> str:
    """S3 key of an export file (the files bucket expires `exports/` by a lifecycle rule)."""
    return f"exports/{tenant_id}/{job_id}/{filename}"


def feedbacks_pk() -> str:
    """Support tickets are addressed to the platform: one platform partition, tenant attribute."""
    return "FEEDBACKS"


def feedback_sk(feedback_id: str) -> str:
    return f"FEEDBACK#{feedback_id}"


def feedback_prefix() -> str:
    return "FEEDBACK#"


def feedback_counts_sk() -> str:
    return "COUNTS"


def feedbacks_of_tenant_pk(tenant_id: str) -> str:
    return f"{tenant_pk(tenant_id)}#FEEDBACKS"


def platform_stats_pk() -> str:
    """The platform admin's figures (`functions.core.platform_stats`): one small platform partition."""
    return "PLATFORM#STATS"


def platform_active_sk(day: str) -> str:
    """The ids of the users who signed in on `day` (YYYY-MM-DD)."""
    return f"ACTIVE#{day}"


def platform_active_prefix() -> str:
    return "ACTIVE#"


def platform_month_sk(month: str) -> str:
    """The Gift Aid claims created in `month` (YYYY-MM), every charity."""
    return f"MONTH#{month}"


# ------------------------------------------------------------------ donors and donations
# Donors and every per-donor record share one "owned by donor" GSI3 partition
# (`donor_owned_pk`), so a merge re-points a donor's records by rewriting GSI3PK, whatever their kind.
def donor_sk(donor_id: str) -> str:
    return f"DONOR#{donor_id}"


def donor_prefix() -> str:
    return "DONOR#"


def donor_year_sk(donor_id: str, tax_year: int) -> str:
    return f"DONORYEAR#{donor_id}#{tax_year}"


def donor_year_prefix(donor_id: str) -> str:
    return f"DONORYEAR#{donor_id}#"


def donors_by_name_pk(tenant_id: str) -> str:
    return f"{tenant_pk(tenant_id)}#DONORS#NAME"


def donors_by_total_pk(tenant_id: str) -> str:
    return f"{tenant_pk(tenant_id)}#DONORS#TOTAL"


def donor_owned_pk(tenant_id: str, donor_id: str) -> str:
    return f"{tenant_pk(tenant_id)}#DONOR#{donor_id}"


def donor_search_pk(tenant_id: str) -> str:
    return f"{tenant_pk(tenant_id)}#DONORSEARCH"


def donor_search_sk(token: str, donor_id: str) -> str:
    return f"{token}#{donor_id}"


def donor_match_pk(tenant_id: str) -> str:
    return f"{tenant_pk(tenant_id)}#DONORMATCH"


def donor_match_sk(kind: str, value: str, donor_id: str) -> str:
    return f"{kind}#{value}#{donor_id}"


def donor_merge_sk(merge_id: str) -> str:
    return f"DONORMERGE#{merge_id}"


def donor_merge_prefix() -> str:
    return "DONORMERGE#"


def sortable_amount(pennies: int) -> str:
    """Zero-padded pennies (up to £100,000,000,000) so that text order is numeric order."""
    return f"{pennies:015d}"


def sortable_name(name: str, entity_id: str) -> str:
    return f"{name}#{entity_id}"


def donation_sk(donation_id: str) -> str:
    return f"DONATION#{donation_id}"


def donation_prefix() -> str:
    return "DONATION#"


def donations_by_date_pk(tenant_id: str) -> str:
    return f"{tenant_pk(tenant_id)}#DONATIONS#DATE"


def donations_by_amount_pk(tenant_id: str) -> str:
    return f"{tenant_pk(tenant_id)}#DONATIONS#AMOUNT"


def dated_sk(iso_date: str, entity_id: str) -> str:
    return f"{iso_date}#{entity_id}"


def owned_donation_sk(iso_date: str, donation_id: str) -> str:
    """GSI3 sort key of a donation in its donor's partition: `DONATION#<date>#<id>`."""
    return f"DONATION#{iso_date}#{donation_id}"


def donation_ref_sk(source: str, external_ref: str) -> str:
    """The uniqueness item of an external reference within its source."""
    return f"DONATIONREF#{source}#{external_ref}"


def donation_type_sk(type_id: str) -> str:
    return f"DONATIONTYPE#{type_id}"


def donation_type_prefix() -> str:
    return "DONATIONTYPE#"


def location_sk(location_id: str) -> str:
    return f"LOCATION#{location_id}"


def location_prefix() -> str:
    return "LOCATION#"


def donation_stats_prefix() -> str:
    return "DONATIONSTATS#"


def donation_month_sk(month: str, dimension: str = "ALL") -> str:
    """Monthly aggregate: `month` is `YYYY-MM`; `dimension` is `ALL`, `TYPE#<id>` or `METHOD#<m>`."""
    return f"DONATIONSTATS#{month}#{dimension}"


def donation_tax_year_sk(tax_year: int) -> str:
    """Tax-year aggregate; sorts after every month item (`T` > digits), so one range reads both."""
    return f"DONATIONSTATS#TY#{tax_year}"


def donation_stats_and_types_range(first_month: str) -> tuple[str, str]:
    """SK range of the donation stats from `first_month` on (the tax-year items too) and of every
    donation type, which sort right after them (`DONATIONSTATS#` < `DONATIONTYPE#`, nothing between):
    the dashboard's figures and the types' names in one Query."""
    return donation_month_sk(first_month, ""), "DONATIONTYPE$"  # `$` follows `#`: every type


# ------------------------------------------------------------------ Gift Aid: declarations, states
def declaration_sk(declaration_id: str) -> str:
    return f"DECLARATION#{declaration_id}"


def owned_declaration_sk(date_given: str, declaration_id: str) -> str:
    """GSI3 sort key of a declaration in its donor's partition (`donor_owned_pk`), so a merge
    re-points it like every other per-donor record."""
    return f"DECLARATION#{date_given}#{declaration_id}"


def declaration_prefix() -> str:
    return "DECLARATION#"


def gift_aid_state_pk(tenant_id: str, state: str) -> str:
    """GSI4 partition of the donations in one Gift Aid state (`claimable`, `needs_attention`...):
    every donation item carries it, rewritten whenever its state changes."""
    return f"{tenant_pk(tenant_id)}#GIFTAID#{state}"


def gift_aid_state_sk(iso_date: str, donation_id: str) -> str:
    """GSI4 sort key: `<date>#<donation id>` (a date range goes in the key condition)."""
    return f"{iso_date}#{donation_id}"


def declaration_evidence_key(tenant_id: str, donor_id: str, upload_id: str, extension: str) -> str:
    """S3 key of a declaration's evidence file (uploaded by a presigned PUT)."""
    return f"{declaration_evidence_prefix(tenant_id, donor_id)}{upload_id}.{extension}"


# ------------------------------------------------------------------ Gift Aid: claims
# A claim is `PK=TENANT#tid, SK=CLAIM#<id>`; everything it owns (build chunks, one membership line
# per attached donation, submissions) lives in its own partition `claim_pk`, read consistently.
def gift_aid_settings_sk() -> str:
    return "GIFTAIDSETTINGS"


def claim_sk(claim_id: str) -> str:
    return f"CLAIM#{claim_id}"


def claim_prefix() -> str:
    return "CLAIM#"


def claim_pk(tenant_id: str, claim_id: str) -> str:
    return f"{tenant_pk(tenant_id)}#CLAIM#{claim_id}"


def claim_chunk_sk(chunk_number: int) -> str:
    return f"CHUNK#{chunk_number:06d}"


def claim_chunk_prefix() -> str:
    return "CHUNK#"


def claim_line_sk(donation_id: str) -> str:
    return f"LINE#{donation_id}"


def claim_line_prefix() -> str:
    return "LINE#"


def claim_lines_by_date_pk(tenant_id: str, claim_id: str) -> str:
    """GSI1 partition of a claim's lines, listed oldest donation first (the claim's lines screen)."""
    return f"{claim_pk(tenant_id, claim_id)}#LINES"


def claim_line_by_date_sk(donation_date: str, donation_id: str) -> str:
    """A line's place in its claim's list: the donation's date, then its id (ids begin with the
    time they were recorded, so same-day donations keep the order they were recorded in)."""
    return f"{donation_date}#{donation_id}"


def claim_submission_sk(sortable_id: str) -> str:
    return f"SUBMISSION#{sortable_id}"


def claim_submission_prefix() -> str:
    return "SUBMISSION#"


def claim_gasds_sk(donation_id: str) -> str:
    """Membership of a GASDS small donation in a claim (beside the Gift Aid `LINE#`s)."""
    return f"GASDS#{donation_id}"


def claim_gasds_prefix() -> str:
    return "GASDS#"


def claim_adjustment_sk(donation_id: str) -> str:
    """A reversal a claim took into its adjustment."""
    return f"ADJUSTMENT#{donation_id}"


def claim_adjustment_prefix() -> str:
    return "ADJUSTMENT#"


def reversal_sk(donation_id: str) -> str:
    """Tax over-claimed on one donation (refunded after its claim...): at most one per donation."""
    return f"REVERSAL#{donation_id}"


def reversal_prefix() -> str:
    return "REVERSAL#"


def open_reversals_pk(tenant_id: str) -> str:
    """GSI4 partition of the reversals no claim has taken yet (sparse: removed when taken)."""
    return f"{tenant_pk(tenant_id)}#REVERSALS#OPEN"


def gasds_year_sk(tax_year: int) -> str:
    """GASDS the charity's live claims carry for one tax year (start year): the cap's ledger."""
    return f"GASDSYEAR#{tax_year}"


def gift_aid_reminder_sk(period: str) -> str:
    """One item per charity per reminder period (`2026-W47`): the reminders schedule marks the
    period done once every user has been reminded."""
    return f"GIFTAIDREMINDER#{period}"


def claim_object_key(tenant_id: str, claim_id: str, filename: str) -> str:
    """S3 key of a claim's files (schedule ODS/zip, R68 XML, gateway requests and responses)."""
    return f"claims/{tenant_id}/{claim_id}/{filename}"


def declaration_evidence_prefix(tenant_id: str, donor_id: str) -> str:
    return f"{declaration_evidence_root(tenant_id)}{donor_id}/"


def declaration_evidence_root(tenant_id: str) -> str:
    """Every evidence file of a charity (a merged donor's declarations keep their first key)."""
    return f"declarations/{tenant_id}/"


# ------------------------------------------------------------------ imports
# An import is `PK=TENANT#tid, SK=IMPORT#<id>`; what it owns (error rows, rows held for review,
# the manifest of what each chunk created, which undo reads) lives in its own partition
# `import_pk`. The uploaded file and the chunk files sit under `uploads/` (expired by the bucket's
# lifecycle rule).
def import_sk(import_id: str) -> str:
    return f"IMPORT#{import_id}"


def import_prefix() -> str:
    return "IMPORT#"


def import_upload_sk(upload_id: str) -> str:
    return f"IMPORTUPLOAD#{upload_id}"


def import_mapping_sk(mapping_id: str) -> str:
    """A mapping a charity saved to reuse (the import screen's presets)."""
    return f"IMPORTMAPPING#{mapping_id}"


def import_mapping_prefix() -> str:
    return "IMPORTMAPPING#"


def import_pk(tenant_id: str, import_id: str) -> str:
    return f"{tenant_pk(tenant_id)}#IMPORT#{import_id}"


def import_error_sk(generation: int, row: int, position: int) -> str:
    """An error row of one validation pass (`generation`), in row order."""
    return f"ERROR#{generation:04d}#{row:09d}#{position:03d}"


def import_error_prefix(generation: int) -> str:
    return f"ERROR#{generation:04d}#"


def import_review_sk(row: int) -> str:
    return f"REVIEW#{row:09d}"


def import_review_prefix() -> str:
    return "REVIEW#"


def import_chunk_sk(chunk: int) -> str:
    return f"CHUNK#{chunk:06d}"


def import_chunk_prefix() -> str:
    return "CHUNK#"


def import_refund_sk(ordinal: int) -> str:
    """A refund the import applied (its place in the import's list of refunds)."""
    return f"REFUND#{ordinal:09d}"


def import_refund_prefix() -> str:
    return "REFUND#"


def import_upload_object_key(tenant_id: str, upload_id: str) -> str:
    """S3 key of an uploaded import file (presigned POST; `uploads/` expires after 30 days)."""
    return f"uploads/{tenant_id}/{upload_id}/file"


def import_chunk_object_key(tenant_id: str, import_id: str, chunk: int) -> str:
    """S3 key of one chunk's normalised rows (JSON lines), written by the run's plan step."""
    return f"uploads/{tenant_id}/{import_id}/chunks/{chunk:06d}.jsonl"


def import_errors_object_key(tenant_id: str, import_id: str, filename: str) -> str:
    """S3 key of an import's error report (under `exports/`, which expires after 7 days)."""
    return f"exports/{tenant_id}/imports/{import_id}/{filename}"


# ------------------------------------------------------------------ funds and the fund ledger
def fund_sk(fund_id: str) -> str:
    """A fund; its balance item sorts right after it, so one Query reads both."""
    return f"FUND#{fund_id}"


def fund_prefix() -> str:
    return "FUND#"


def fund_balance_sk(fund_id: str) -> str:
    return f"FUND#{fund_id}#BALANCE"


def fund_name_sk(folded_name: str) -> str:
    """The uniqueness item of a fund's name (case-folded) within its charity."""
    return f"FUNDNAME#{folded_name}"


def fund_month_sk(month: str, fund_id: str) -> str:
    """A fund's totals of one month (`YYYY-MM`) by kind: month first, so a year of every fund is
    one Query range (the statement of funds)."""
    return f"FUNDMONTH#{month}#{fund_id}"


def fund_month_prefix() -> str:
    return "FUNDMONTH#"


def fund_ledger_pk(tenant_id: str, fund_id: str) -> str:
    """A fund's append-only ledger lines, in their own partition."""
    return f"{tenant_pk(tenant_id)}#FUND#{fund_id}"


def fund_line_sk(iso_date: str, line_id: str) -> str:
    return f"LINE#{iso_date}#{line_id}"


def fund_line_prefix() -> str:
    return "LINE#"


def fund_items_range(fund_id: str) -> tuple[str, str]:
    """SK range of one fund and its balance item (and nothing of a fund whose id extends it)."""
    return fund_sk(fund_id), f"{fund_sk(fund_id)}#~"


# ------------------------------------------------------------------ projects and expenses
def project_sk(project_id: str) -> str:
    """A project; its totals items sort right after it, so one Query reads the project page's
    figures."""
    return f"PROJECT#{project_id}"


def project_prefix() -> str:
    return "PROJECT#"


def project_totals_sk(project_id: str) -> str:
    """A project's money by ledger kind (signed pence), moved in the same transaction as each
    ledger line naming the project."""
    return f"PROJECT#{project_id}#TOTALS"


def project_type_total_sk(project_id: str, expense_type_id: str) -> str:
    """A project's approved expenses of one expense type (budget against actual)."""
    return f"PROJECT#{project_id}#TYPE#{expense_type_id}"


def project_items_range(project_id: str) -> tuple[str, str]:
    """SK range of one project and its totals items."""
    return project_sk(project_id), f"{project_sk(project_id)}#~"


def project_lines_pk(tenant_id: str, project_id: str) -> str:
    """GSI1 partition of the ledger lines naming a project (its donations and expenses)."""
    return f"{tenant_pk(tenant_id)}#PROJECT#{project_id}"


def project_name_sk(folded_name: str) -> str:
    """The uniqueness item of a project's name (case-folded) within its charity."""
    return f"PROJECTNAME#{folded_name}"


def expense_type_sk(expense_type_id: str) -> str:
    return f"EXPTYPE#{expense_type_id}"


def expense_type_prefix() -> str:
    return "EXPTYPE#"


def expense_type_name_sk(folded_name: str) -> str:
    """The uniqueness item of an expense type's name (case-folded) within its charity."""
    return f"EXPTYPENAME#{folded_name}"


def fund_evidence_root(tenant_id: str) -> str:
    """Every file attached to a charity's fund transfers (kept: not under the expiring
    `uploads/`)."""
    return f"fund-evidence/{tenant_id}/"


def fund_evidence_key(tenant_id: str, upload_id: str, extension: str) -> str:
    return f"{fund_evidence_root(tenant_id)}{upload_id}.{extension}"


def expense_sk(expense_id: str) -> str:
    return f"EXPENSE#{expense_id}"


def expense_totals_sk() -> str:
    """A charity's expenses counted and summed by status (pence), moved by ADD in each expense
    write's transaction: the totals of the expenses list."""
    return "EXPENSETOTALS"


def expenses_pk(tenant_id: str) -> str:
    """GSI1 partition of a charity's expenses, sorted by date (the expenses list: one Query)."""
    return f"{tenant_pk(tenant_id)}#EXPENSES"


def expense_date_sk(iso_date: str, expense_id: str) -> str:
    return f"EXPDATE#{iso_date}#{expense_id}"


def expense_date_prefix() -> str:
    return "EXPDATE#"


def expense_receipt_root(tenant_id: str) -> str:
    """Every expense receipt of a charity (uploaded by a presigned PUT)."""
    return f"expenses/{tenant_id}/"


def expense_receipt_key(tenant_id: str, upload_id: str, extension: str) -> str:
    return f"{expense_receipt_root(tenant_id)}{upload_id}.{extension}"


def project_image_prefix(tenant_id: str, project_id: str) -> str:
    """S3 prefix of a project's images (uploaded by a presigned PUT)."""
    return f"projects/{tenant_id}/{project_id}/"


def project_image_key(tenant_id: str, project_id: str, upload_id: str, extension: str) -> str:
    return f"{project_image_prefix(tenant_id, project_id)}{upload_id}.{extension}"


# ------------------------------------------------------------------ online giving (ADR 0022)


def gateway_sk(provider: str) -> str:
    """A charity's connection to one payment gateway (`stripe` or `paypal`)."""
    return f"GATEWAY#{provider}"


def gateway_prefix() -> str:
    return "GATEWAY#"


def webhook_event_sk(provider: str, event_id: str) -> str:
    """One provider event, stored once (conditional put) however often it is delivered."""
    return f"WEBHOOK#{provider}#{event_id}"


def webhook_test_mark_sk(provider: str, event_id: str) -> str:
    """An event id "send test event" asked PayPal to simulate (its delivery is a test event)."""
    return f"WEBHOOKTEST#{provider}#{event_id}"


def webhook_calls_pk(tenant_id: str) -> str:
    """GSI1 partition of a charity's webhook events, newest first by first delivery."""
    return f"{tenant_pk(tenant_id)}#WEBHOOKS"


def webhook_call_sk(received_at: str, provider: str, event_id: str) -> str:
    return f"WHAT#{received_at}#{provider}#{event_id}"


def webhook_body_key(tenant_id: str, provider: str, event_id: str) -> str:
    """S3 key of a raw event body too large to keep on its item."""
    return f"webhooks/{tenant_id}/{provider}/{event_id}.json"


def payment_sk(provider: str, business_key: str) -> str:
    """A gateway payment (Stripe PaymentIntent id, PayPal capture id): gross, fee, net, payout,
    its donation; every event about it converges here."""
    return f"PAYMENT#{provider}#{business_key}"


def payments_pk(tenant_id: str) -> str:
    """GSI1 partition of a charity's gateway payments, newest first."""
    return f"{tenant_pk(tenant_id)}#PAYMENTS"


def payment_date_sk(created_at: str, provider: str, business_key: str) -> str:
    return f"PAYAT#{created_at}#{provider}#{business_key}"


def payout_pk(tenant_id: str, provider: str, payout_id: str) -> str:
    """GSI2 partition of one payout's payments (bank reconciliation)."""
    return f"{tenant_pk(tenant_id)}#PAYOUT#{provider}#{payout_id}"


def giving_page_sk() -> str:
    """The charity's public donation page settings (slug, amounts, funds, wording)."""
    return "GIVINGPAGE"


def giving_slug_key(slug: str) -> tuple[str, str]:
    """Global pointer from a public page's slug to its charity (the page's URL has no tenant)."""
    return f"SLUG#{slug}", "SLUG"


def giving_intent_sk(intent_id: str) -> str:
    """A donor's gift started on the public page: what they chose and declared, until the
    gateway's webhook turns it into a donation."""
    return f"INTENT#{intent_id}"


# ------------------------------------------------------------------ landing pages (issue 17)


def page_sk(page_id: str) -> str:
    """A landing page's facts (title, slug, type, status, who edited it); its draft is a
    separate item so the list reads no page bodies."""
    return f"PAGE#{page_id}"


def page_prefix() -> str:
    return "PAGE#"


def page_draft_sk(page_id: str) -> str:
    """A landing page's draft data (the builder's autosave)."""
    return f"PAGEDRAFT#{page_id}"


def page_slug_sk(slug: str) -> str:
    """A page slug of the charity, held by one page (put only if absent), or an old published
    slug that redirects to it."""
    return f"PAGESLUG#{slug}"


def page_stats_sk(page_id: str) -> str:
    """A landing page's counters, moved by ADD: `visits` (public views), `donations`,
    `raised_pence`, `gift_aid_donations` (the donations that came from it)."""
    return f"PAGESTATS#{page_id}"


def page_versions_pk(tenant_id: str, page_id: str) -> str:
    """A landing page's immutable published versions, in their own partition."""
    return f"{tenant_pk(tenant_id)}#PAGE#{page_id}"


def page_version_sk(number: int) -> str:
    return f"PAGEVERSION#{number:06d}"


def page_version_prefix() -> str:
    return "PAGEVERSION#"


def page_image_prefix(tenant_id: str, page_id: str) -> str:
    """S3 prefix of a landing page's images (uploaded by a presigned POST)."""
    return f"pages/{tenant_id}/{page_id}/"


def page_image_key(tenant_id: str, page_id: str, upload_id: str, extension: str) -> str:
    return f"{page_image_prefix(tenant_id, page_id)}{upload_id}.{extension}"


# ------------------------------------------------------------------ subscriptions (issue 17)


def subscription_sk(subscription_id: str) -> str:
    """A recurring gift (Stripe subscription, PayPal subscription) of the charity."""
    return f"SUBSCRIPTION#{subscription_id}"


def subscription_prefix() -> str:
    return "SUBSCRIPTION#"


def subscriptions_pk(tenant_id: str) -> str:
    """GSI1 partition of a charity's subscriptions, newest first by creation."""
    return f"{tenant_pk(tenant_id)}#SUBSCRIPTIONS"


def subscription_created_sk(created_at: str, subscription_id: str) -> str:
    return f"SUBAT#{created_at}#{subscription_id}"


def subscription_gateway_pk(tenant_id: str, provider: str, gateway_subscription_id: str) -> str:
    """GSI2 partition: the subscription of one gateway subscription id (a webhook finds it)."""
    return f"{tenant_pk(tenant_id)}#SUBGW#{provider}#{gateway_subscription_id}"


def subscription_gateway_sk() -> str:
    return "SUBSCRIPTION"


# ------------------------------------------------------------------ subscriptions: PayPal plans (issue 17)


def paypal_product_sk(client_id: str) -> str:
    """The PayPal product made for the charity's PayPal app (client id) to hang its plans on."""
    return f"PAYPALPRODUCT#{client_id}"


def paypal_plan_sk(client_id: str, interval: str, pence: int) -> str:
    """The PayPal plan of one amount and interval on the charity's PayPal app."""
    return f"PAYPALPLAN#{client_id}#{interval}#{int(pence)}"


# ------------------------------------------------------------------ subscriptions self-service,
# failure emails and reconciliation (issue 17 items 3-5)


def subscription_settings_sk() -> str:
    """The charity's recurring-giving settings (`failure_emails`)."""
    return "SUBSETTINGS"


def subscription_notice_sk(subscription_id: str, kind: str, ref: str) -> str:
    """One email sent about a subscription (a failing run's, the sign-up's): put only if absent,
    so repeated or racing events email once."""
    return f"SUBNOTICE#{subscription_id}#{kind}#{ref}"


def subscription_link_key(token_hash: str) -> tuple[str, str]:
    """A donor's self-service link (global: the link carries no charity), by its token's SHA-256."""
    return f"SUBLINK#{token_hash}", "SUBLINK"


def subscription_attention_sk(item_id: str) -> str:
    """A reconciliation mismatch ("needs attention") of the charity."""
    return f"SUBATTENTION#{item_id}"


def subscription_attention_prefix() -> str:
    return "SUBATTENTION#"


# ------------------------------------------------------------------ embeddable donation widget
# (issue 17 item 9)


def page_embed_sk() -> str:
    """The charity's embed settings: the website origins allowed to frame its published pages."""
    return "PAGEEMBED"
