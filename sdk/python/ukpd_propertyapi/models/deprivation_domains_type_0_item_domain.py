from typing import Literal

DeprivationDomainsType0ItemDomain = Literal[
    "crime", "education", "employment", "environment", "health", "housing", "income"
]

DEPRIVATION_DOMAINS_TYPE_0_ITEM_DOMAIN_VALUES: set[DeprivationDomainsType0ItemDomain] = {
    "crime",
    "education",
    "employment",
    "environment",
    "health",
    "housing",
    "income",
}


def check_deprivation_domains_type_0_item_domain(value: str) -> DeprivationDomainsType0ItemDomain:
    if value in DEPRIVATION_DOMAINS_TYPE_0_ITEM_DOMAIN_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {DEPRIVATION_DOMAINS_TYPE_0_ITEM_DOMAIN_VALUES!r}")
