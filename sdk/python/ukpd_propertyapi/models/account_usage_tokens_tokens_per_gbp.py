from typing import Literal

AccountUsageTokensTokensPerGbp = Literal[100]

ACCOUNT_USAGE_TOKENS_TOKENS_PER_GBP_VALUES: set[AccountUsageTokensTokensPerGbp] = {
    100,
}


def check_account_usage_tokens_tokens_per_gbp(value: int) -> AccountUsageTokensTokensPerGbp:
    if value in ACCOUNT_USAGE_TOKENS_TOKENS_PER_GBP_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {ACCOUNT_USAGE_TOKENS_TOKENS_PER_GBP_VALUES!r}")
