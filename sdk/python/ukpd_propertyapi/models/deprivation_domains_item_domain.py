from typing import Literal

DeprivationDomainsItemDomain = Literal["crime", "education", "employment", "environment", "health", "housing", "income"]

DEPRIVATION_DOMAINS_ITEM_DOMAIN_VALUES: set[DeprivationDomainsItemDomain] = {
    "crime",
    "education",
    "employment",
    "environment",
    "health",
    "housing",
    "income",
}


def check_deprivation_domains_item_domain(value: str) -> DeprivationDomainsItemDomain:
    if value in DEPRIVATION_DOMAINS_ITEM_DOMAIN_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {DEPRIVATION_DOMAINS_ITEM_DOMAIN_VALUES!r}")
