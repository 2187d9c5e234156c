"""HMRC formats: the Gift Aid schedule (ODS), the R68 claim in a GovTalk envelope with its IRmark,
and the Transaction Engine's responses. Pure code over `functions.domain.giftaid.model`."""
