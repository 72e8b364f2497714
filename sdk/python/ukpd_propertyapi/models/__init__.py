"""Contains all the data models used in inputs/outputs"""

from .account_usage import AccountUsage
from .account_usage_day import AccountUsageDay
from .account_usage_endpoint import AccountUsageEndpoint
from .account_usage_key import AccountUsageKey
from .account_usage_period import AccountUsagePeriod
from .account_usage_tokens import AccountUsageTokens
from .account_usage_tokens_tokens_per_gbp import AccountUsageTokensTokensPerGbp
from .address_at_postcode import AddressAtPostcode
from .address_at_postcode_type import AddressAtPostcodeType
from .address_find import AddressFind
from .address_find_meta import AddressFindMeta
from .address_match import AddressMatch
from .address_match_alternatives_item import AddressMatchAlternativesItem
from .address_match_candidates_item import AddressMatchCandidatesItem
from .address_match_match_level import AddressMatchMatchLevel
from .address_match_match_type import AddressMatchMatchType
from .address_match_query_type_0 import AddressMatchQueryType0
from .address_match_recommendation import AddressMatchRecommendation
from .address_match_status import AddressMatchStatus
from .address_postcode import AddressPostcode
from .address_retrieve import AddressRetrieve
from .address_retrieve_level import AddressRetrieveLevel
from .address_suggestion import AddressSuggestion
from .address_suggestion_type_type_1 import AddressSuggestionTypeType1
from .address_suggestion_type_type_2_type_1 import AddressSuggestionTypeType2Type1
from .address_suggestion_type_type_3_type_1 import AddressSuggestionTypeType3Type1
from .alert import Alert
from .alert_delivery import AlertDelivery
from .alert_event import AlertEvent
from .alert_event_document import AlertEventDocument
from .alert_event_type import AlertEventType
from .alert_filters import AlertFilters
from .alert_list import AlertList
from .alert_request import AlertRequest
from .alert_state import AlertState
from .alert_state_status import AlertStateStatus
from .alert_stream_event import AlertStreamEvent
from .alert_test_result import AlertTestResult
from .alert_test_result_delivery_type_0 import AlertTestResultDeliveryType0
from .amenities_group_group import AmenitiesGroupGroup
from .amenities_list_types_item import AmenitiesListTypesItem
from .amenities_nearby import AmenitiesNearby
from .amenities_nearby_group_counts import AmenitiesNearbyGroupCounts
from .amenities_nearby_query_type_0 import AmenitiesNearbyQueryType0
from .amenities_nearby_type_counts import AmenitiesNearbyTypeCounts
from .amenities_nearby_types_item import AmenitiesNearbyTypesItem
from .amenity import Amenity
from .amenity_address_type_0 import AmenityAddressType0
from .amenity_contact_type_0 import AmenityContactType0
from .boundaries_autocomplete_type_item import BoundariesAutocompleteTypeItem
from .boundaries_places_type_item import BoundariesPlacesTypeItem
from .boundary import Boundary
from .boundary_autocomplete import BoundaryAutocomplete
from .boundary_places import BoundaryPlaces
from .boundary_places_features_item import BoundaryPlacesFeaturesItem
from .boundary_places_features_item_geometry import BoundaryPlacesFeaturesItemGeometry
from .boundary_places_features_item_properties import BoundaryPlacesFeaturesItemProperties
from .boundary_places_features_item_properties_type import BoundaryPlacesFeaturesItemPropertiesType
from .bounds import Bounds
from .broadband import Broadband
from .building_flats_item import BuildingFlatsItem
from .calculators_stamp_duty_buyer_type import CalculatorsStampDutyBuyerType
from .calculators_stamp_duty_country import CalculatorsStampDutyCountry
from .calculators_stamp_duty_region import CalculatorsStampDutyRegion
from .category_count import CategoryCount
from .change import Change
from .change_document import ChangeDocument
from .change_op import ChangeOp
from .changes_list_dataset import ChangesListDataset
from .changes_list_fields import ChangesListFields
from .changes_page import ChangesPage
from .cluster import Cluster
from .code_name_type_0 import CodeNameType0
from .comparables import Comparables
from .comparables_comparables_item import ComparablesComparablesItem
from .comparables_comparables_item_latest_listing_type_0 import ComparablesComparablesItemLatestListingType0
from .comparables_comparables_item_title_type_0 import ComparablesComparablesItemTitleType0
from .comparables_filters_type_0 import ComparablesFiltersType0
from .comparables_get_event_type import ComparablesGetEventType
from .comparables_get_property_type import ComparablesGetPropertyType
from .council_tax import CouncilTax
from .council_tax_band import CouncilTaxBand
from .council_tax_band_history_item import CouncilTaxBandHistoryItem
from .council_tax_band_uprn import CouncilTaxBandUPRN
from .council_tax_candidate import CouncilTaxCandidate
from .coverage_item import CoverageItem
from .coverage_item_status import CoverageItemStatus
from .crime import Crime
from .crime_by_month_item import CrimeByMonthItem
from .crime_nearest_item import CrimeNearestItem
from .crime_period_type_0 import CrimePeriodType0
from .crime_query_type_0 import CrimeQueryType0
from .data_sources import DataSources
from .data_sources_additional_property import DataSourcesAdditionalProperty
from .dataset_list import DatasetList
from .dataset_list_datasets_item import DatasetListDatasetsItem
from .demographics import Demographics
from .demographics_age import DemographicsAge
from .demographics_area_type_0 import DemographicsAreaType0
from .demographics_car_ownership import DemographicsCarOwnership
from .demographics_deprivation_type_0 import DemographicsDeprivationType0
from .demographics_ethnicity import DemographicsEthnicity
from .demographics_geography_type_0 import DemographicsGeographyType0
from .demographics_household_size import DemographicsHouseholdSize
from .demographics_occupation import DemographicsOccupation
from .demographics_population_type_0 import DemographicsPopulationType0
from .demographics_tenure import DemographicsTenure
from .deprivation import Deprivation
from .deprivation_domains_item import DeprivationDomainsItem
from .deprivation_domains_item_domain import DeprivationDomainsItemDomain
from .deprivation_metadata_type_0 import DeprivationMetadataType0
from .deprivation_overall_type_0 import DeprivationOverallType0
from .embed_relay_op_op import EmbedRelayOpOp
from .embed_relay_op_response_200 import EmbedRelayOpResponse200
from .embed_relay_op_tool_slug import EmbedRelayOpToolSlug
from .embed_relay_response_200 import EmbedRelayResponse200
from .embed_relay_tool_slug import EmbedRelayToolSlug
from .epc_checker import EPCChecker
from .epc_checker_history_item import EPCCheckerHistoryItem
from .error_envelope import ErrorEnvelope
from .error_envelope_error import ErrorEnvelopeError
from .error_envelope_error_details import ErrorEnvelopeErrorDetails
from .events_list_event_type import EventsListEventType
from .events_list_ordering import EventsListOrdering
from .export_request import ExportRequest
from .export_request_fields_type_0_item import ExportRequestFieldsType0Item
from .export_request_filters import ExportRequestFilters
from .export_request_filters_property_type_type_0_item import ExportRequestFiltersPropertyTypeType0Item
from .export_request_filters_transaction_type_type_1 import ExportRequestFiltersTransactionTypeType1
from .export_request_filters_transaction_type_type_2_type_1 import ExportRequestFiltersTransactionTypeType2Type1
from .export_request_filters_transaction_type_type_3_type_1 import ExportRequestFiltersTransactionTypeType3Type1
from .export_request_format_type_1 import ExportRequestFormatType1
from .export_request_format_type_2_type_1 import ExportRequestFormatType2Type1
from .export_request_format_type_3_type_1 import ExportRequestFormatType3Type1
from .export_result import ExportResult
from .export_result_data_item import ExportResultDataItem
from .flood_band_type_0 import FloodBandType0
from .flood_risk import FloodRisk
from .flood_risk_flood_risk import FloodRiskFloodRisk
from .flood_risk_location import FloodRiskLocation
from .fuel_kind_kind import FuelKindKind
from .growth_period_type_0 import GrowthPeriodType0
from .health import Health
from .health_dep_type_0 import HealthDepType0
from .health_indices_type_0_item import HealthIndicesType0Item
from .health_status import HealthStatus
from .healthcare_kind_kind import HealthcareKindKind
from .job import Job
from .job_input_format import JobInputFormat
from .job_links import JobLinks
from .job_list import JobList
from .job_result_row import JobResultRow
from .job_result_row_status import JobResultRowStatus
from .job_state import JobState
from .job_stream_event import JobStreamEvent
from .job_stream_event_event import JobStreamEventEvent
from .jobs_address_match_create_files_body import JobsAddressMatchCreateFilesBody
from .jobs_results_format import JobsResultsFormat
from .lat_lng import LatLng
from .lat_lon import LatLon
from .listed_buildings import ListedBuildings
from .listed_buildings_grade_counts import ListedBuildingsGradeCounts
from .listed_buildings_listed_buildings_item import ListedBuildingsListedBuildingsItem
from .listed_buildings_listed_buildings_item_grade_type_1 import ListedBuildingsListedBuildingsItemGradeType1
from .listed_buildings_listed_buildings_item_grade_type_2_type_1 import (
    ListedBuildingsListedBuildingsItemGradeType2Type1,
)
from .listed_buildings_listed_buildings_item_grade_type_3_type_1 import (
    ListedBuildingsListedBuildingsItemGradeType3Type1,
)
from .listed_buildings_query_type_0 import ListedBuildingsQueryType0
from .listed_buildings_search_grade import ListedBuildingsSearchGrade
from .listing_address_match import ListingAddressMatch
from .listing_address_request import ListingAddressRequest
from .live_listing import LiveListing
from .live_listing_clusters import LiveListingClusters
from .live_listing_clusters_other_type_0 import LiveListingClustersOtherType0
from .live_listing_search import LiveListingSearch
from .live_listings_clusters_property_type_item import LiveListingsClustersPropertyTypeItem
from .live_listings_clusters_transaction_type import LiveListingsClustersTransactionType
from .live_listings_search_property_type_item import LiveListingsSearchPropertyTypeItem
from .live_listings_search_sort import LiveListingsSearchSort
from .live_listings_search_transaction_type import LiveListingsSearchTransactionType
from .match_parsed import MatchParsed
from .match_reasons_type_0 import MatchReasonsType0
from .match_reasons_type_0_building_name import MatchReasonsType0BuildingName
from .match_reasons_type_0_flat import MatchReasonsType0Flat
from .match_reasons_type_0_number import MatchReasonsType0Number
from .match_reasons_type_0_postcode import MatchReasonsType0Postcode
from .match_reasons_type_0_street import MatchReasonsType0Street
from .match_reasons_type_0_town import MatchReasonsType0Town
from .mortgage import Mortgage
from .page import Page
from .planning_application import PlanningApplication
from .planning_search import PlanningSearch
from .planning_search_status import PlanningSearchStatus
from .planning_search_type import PlanningSearchType
from .postcode_profile import PostcodeProfile
from .postcode_profile_broadband_type_0 import PostcodeProfileBroadbandType0
from .postcode_profile_census_type_0 import PostcodeProfileCensusType0
from .postcode_profile_census_type_0_age_bands_type_0 import PostcodeProfileCensusType0AgeBandsType0
from .postcode_profile_census_type_0_tenure_type_0 import PostcodeProfileCensusType0TenureType0
from .postcode_profile_council_tax_type_0 import PostcodeProfileCouncilTaxType0
from .postcode_profile_council_tax_type_0_band_distribution_type_0 import (
    PostcodeProfileCouncilTaxType0BandDistributionType0,
)
from .postcode_profile_deprivation_type_0 import PostcodeProfileDeprivationType0
from .postcode_profile_deprivation_type_0_domains import PostcodeProfileDeprivationType0Domains
from .postcode_profile_detail_type_1 import PostcodeProfileDetailType1
from .postcode_profile_detail_type_2_type_1 import PostcodeProfileDetailType2Type1
from .postcode_profile_detail_type_3_type_1 import PostcodeProfileDetailType3Type1
from .postcode_profile_environmental_risk_type_0 import PostcodeProfileEnvironmentalRiskType0
from .postcode_profile_environmental_risk_type_0_flood_type_0 import PostcodeProfileEnvironmentalRiskType0FloodType0
from .postcode_profile_environmental_risk_type_0_radon_type_0 import PostcodeProfileEnvironmentalRiskType0RadonType0
from .postcode_profile_hpi_type_0 import PostcodeProfileHpiType0
from .postcode_profile_hpi_type_0_trend_type_0_item import PostcodeProfileHpiType0TrendType0Item
from .postcode_profile_properties_type_0 import PostcodeProfilePropertiesType0
from .postcode_profile_properties_type_0_type_breakdown_type_0 import PostcodeProfilePropertiesType0TypeBreakdownType0
from .postcode_profile_schools_type_0 import PostcodeProfileSchoolsType0
from .postcode_profile_schools_type_0_by_ofsted_rating_type_0 import PostcodeProfileSchoolsType0ByOfstedRatingType0
from .postcode_profile_sold_prices_type_0 import PostcodeProfileSoldPricesType0
from .postcode_profile_transport_type_0 import PostcodeProfileTransportType0
from .postcode_profile_transport_type_0_by_type_type_0 import PostcodeProfileTransportType0ByTypeType0
from .postcode_successor import PostcodeSuccessor
from .postcode_successor_basis import PostcodeSuccessorBasis
from .price_distribution import PriceDistribution
from .price_distribution_bin_list_item import PriceDistributionBinListItem
from .price_distribution_bins import PriceDistributionBins
from .price_growth import PriceGrowth
from .price_period_type_0 import PricePeriodType0
from .price_stats import PriceStats
from .price_trends import PriceTrends
from .price_trends_months_item import PriceTrendsMonthsItem
from .properties_part_part import PropertiesPartPart
from .property_discover_with_item import PropertyDiscoverWithItem
from .property_discovery import PropertyDiscovery
from .property_discovery_add_ons_item import PropertyDiscoveryAddOnsItem
from .property_discovery_parts_item import PropertyDiscoveryPartsItem
from .property_discovery_tiers_item import PropertyDiscoveryTiersItem
from .property_fields_type_0_council_tax_history_item_type_0 import PropertyFieldsType0CouncilTaxHistoryItemType0
from .property_fields_type_0_epc_renovations_item_type_0 import PropertyFieldsType0EpcRenovationsItemType0
from .property_fields_type_0_location_type_0 import PropertyFieldsType0LocationType0
from .property_fields_type_0_postcode_history_item_type_0 import PropertyFieldsType0PostcodeHistoryItemType0
from .property_listing import PropertyListing
from .property_record import PropertyRecord
from .property_tier_tier import PropertyTierTier
from .ready import Ready
from .ready_opensearch import ReadyOpensearch
from .ready_redis import ReadyRedis
from .risk_result import RiskResult
from .risk_result_properties_type_0 import RiskResultPropertiesType0
from .risks import Risks
from .risks_get_risk_type import RisksGetRiskType
from .risks_layer_risk_type import RisksLayerRiskType
from .sale import Sale
from .sale_event import SaleEvent
from .sale_event_ref import SaleEventRef
from .saved_search_filters import SavedSearchFilters
from .saved_search_filters_property_type_type_1_item import SavedSearchFiltersPropertyTypeType1Item
from .saved_search_filters_transaction_type import SavedSearchFiltersTransactionType
from .school import School
from .school_address_type_0 import SchoolAddressType0
from .school_contact_type_0 import SchoolContactType0
from .school_ofsted_type_0 import SchoolOfstedType0
from .schools_nearby import SchoolsNearby
from .schools_nearby_ofsted import SchoolsNearbyOfsted
from .schools_nearby_ofsted_summary import SchoolsNearbyOfstedSummary
from .schools_nearby_phase import SchoolsNearbyPhase
from .schools_nearby_query_type_0 import SchoolsNearbyQueryType0
from .service_schema_format import ServiceSchemaFormat
from .service_schema_response_200 import ServiceSchemaResponse200
from .service_schema_response_200_paths import ServiceSchemaResponse200Paths
from .solar_assessment import SolarAssessment
from .solar_assessment_assumptions import SolarAssessmentAssumptions
from .solar_assessment_rating import SolarAssessmentRating
from .solar_assessment_roof_type_0 import SolarAssessmentRoofType0
from .solar_assessment_system_type_0 import SolarAssessmentSystemType0
from .source_meta_type_0 import SourceMetaType0
from .stamp_duty import StampDuty
from .stamp_duty_additional_dwelling_supplement_type_0 import StampDutyAdditionalDwellingSupplementType0
from .stamp_duty_bands_item import StampDutyBandsItem
from .stamp_duty_rates_type_0 import StampDutyRatesType0
from .stamp_duty_region import StampDutyRegion
from .valuation_estimate import ValuationEstimate
from .valuation_estimate_comparable_properties_item import ValuationEstimateComparablePropertiesItem
from .valuation_estimate_confidence_type_0 import ValuationEstimateConfidenceType0
from .valuation_estimate_method import ValuationEstimateMethod
from .valuation_estimate_methodology_type_0 import ValuationEstimateMethodologyType0
from .valuation_estimate_methodology_type_0_weights_type_0 import ValuationEstimateMethodologyType0WeightsType0
from .valuation_estimate_type import ValuationEstimateType
from .valuations_estimate_type import ValuationsEstimateType

__all__ = (
    "AccountUsage",
    "AccountUsageDay",
    "AccountUsageEndpoint",
    "AccountUsageKey",
    "AccountUsagePeriod",
    "AccountUsageTokens",
    "AccountUsageTokensTokensPerGbp",
    "AddressAtPostcode",
    "AddressAtPostcodeType",
    "AddressFind",
    "AddressFindMeta",
    "AddressMatch",
    "AddressMatchAlternativesItem",
    "AddressMatchCandidatesItem",
    "AddressMatchMatchLevel",
    "AddressMatchMatchType",
    "AddressMatchQueryType0",
    "AddressMatchRecommendation",
    "AddressMatchStatus",
    "AddressPostcode",
    "AddressRetrieve",
    "AddressRetrieveLevel",
    "AddressSuggestion",
    "AddressSuggestionTypeType1",
    "AddressSuggestionTypeType2Type1",
    "AddressSuggestionTypeType3Type1",
    "Alert",
    "AlertDelivery",
    "AlertEvent",
    "AlertEventDocument",
    "AlertEventType",
    "AlertFilters",
    "AlertList",
    "AlertRequest",
    "AlertState",
    "AlertStateStatus",
    "AlertStreamEvent",
    "AlertTestResult",
    "AlertTestResultDeliveryType0",
    "AmenitiesGroupGroup",
    "AmenitiesListTypesItem",
    "AmenitiesNearby",
    "AmenitiesNearbyGroupCounts",
    "AmenitiesNearbyQueryType0",
    "AmenitiesNearbyTypeCounts",
    "AmenitiesNearbyTypesItem",
    "Amenity",
    "AmenityAddressType0",
    "AmenityContactType0",
    "BoundariesAutocompleteTypeItem",
    "BoundariesPlacesTypeItem",
    "Boundary",
    "BoundaryAutocomplete",
    "BoundaryPlaces",
    "BoundaryPlacesFeaturesItem",
    "BoundaryPlacesFeaturesItemGeometry",
    "BoundaryPlacesFeaturesItemProperties",
    "BoundaryPlacesFeaturesItemPropertiesType",
    "Bounds",
    "Broadband",
    "BuildingFlatsItem",
    "CalculatorsStampDutyBuyerType",
    "CalculatorsStampDutyCountry",
    "CalculatorsStampDutyRegion",
    "CategoryCount",
    "Change",
    "ChangeDocument",
    "ChangeOp",
    "ChangesListDataset",
    "ChangesListFields",
    "ChangesPage",
    "Cluster",
    "CodeNameType0",
    "Comparables",
    "ComparablesComparablesItem",
    "ComparablesComparablesItemLatestListingType0",
    "ComparablesComparablesItemTitleType0",
    "ComparablesFiltersType0",
    "ComparablesGetEventType",
    "ComparablesGetPropertyType",
    "CouncilTax",
    "CouncilTaxBand",
    "CouncilTaxBandHistoryItem",
    "CouncilTaxBandUPRN",
    "CouncilTaxCandidate",
    "CoverageItem",
    "CoverageItemStatus",
    "Crime",
    "CrimeByMonthItem",
    "CrimeNearestItem",
    "CrimePeriodType0",
    "CrimeQueryType0",
    "DatasetList",
    "DatasetListDatasetsItem",
    "DataSources",
    "DataSourcesAdditionalProperty",
    "Demographics",
    "DemographicsAge",
    "DemographicsAreaType0",
    "DemographicsCarOwnership",
    "DemographicsDeprivationType0",
    "DemographicsEthnicity",
    "DemographicsGeographyType0",
    "DemographicsHouseholdSize",
    "DemographicsOccupation",
    "DemographicsPopulationType0",
    "DemographicsTenure",
    "Deprivation",
    "DeprivationDomainsItem",
    "DeprivationDomainsItemDomain",
    "DeprivationMetadataType0",
    "DeprivationOverallType0",
    "EmbedRelayOpOp",
    "EmbedRelayOpResponse200",
    "EmbedRelayOpToolSlug",
    "EmbedRelayResponse200",
    "EmbedRelayToolSlug",
    "EPCChecker",
    "EPCCheckerHistoryItem",
    "ErrorEnvelope",
    "ErrorEnvelopeError",
    "ErrorEnvelopeErrorDetails",
    "EventsListEventType",
    "EventsListOrdering",
    "ExportRequest",
    "ExportRequestFieldsType0Item",
    "ExportRequestFilters",
    "ExportRequestFiltersPropertyTypeType0Item",
    "ExportRequestFiltersTransactionTypeType1",
    "ExportRequestFiltersTransactionTypeType2Type1",
    "ExportRequestFiltersTransactionTypeType3Type1",
    "ExportRequestFormatType1",
    "ExportRequestFormatType2Type1",
    "ExportRequestFormatType3Type1",
    "ExportResult",
    "ExportResultDataItem",
    "FloodBandType0",
    "FloodRisk",
    "FloodRiskFloodRisk",
    "FloodRiskLocation",
    "FuelKindKind",
    "GrowthPeriodType0",
    "Health",
    "HealthcareKindKind",
    "HealthDepType0",
    "HealthIndicesType0Item",
    "HealthStatus",
    "Job",
    "JobInputFormat",
    "JobLinks",
    "JobList",
    "JobResultRow",
    "JobResultRowStatus",
    "JobsAddressMatchCreateFilesBody",
    "JobsResultsFormat",
    "JobState",
    "JobStreamEvent",
    "JobStreamEventEvent",
    "LatLng",
    "LatLon",
    "ListedBuildings",
    "ListedBuildingsGradeCounts",
    "ListedBuildingsListedBuildingsItem",
    "ListedBuildingsListedBuildingsItemGradeType1",
    "ListedBuildingsListedBuildingsItemGradeType2Type1",
    "ListedBuildingsListedBuildingsItemGradeType3Type1",
    "ListedBuildingsQueryType0",
    "ListedBuildingsSearchGrade",
    "ListingAddressMatch",
    "ListingAddressRequest",
    "LiveListing",
    "LiveListingClusters",
    "LiveListingClustersOtherType0",
    "LiveListingsClustersPropertyTypeItem",
    "LiveListingsClustersTransactionType",
    "LiveListingSearch",
    "LiveListingsSearchPropertyTypeItem",
    "LiveListingsSearchSort",
    "LiveListingsSearchTransactionType",
    "MatchParsed",
    "MatchReasonsType0",
    "MatchReasonsType0BuildingName",
    "MatchReasonsType0Flat",
    "MatchReasonsType0Number",
    "MatchReasonsType0Postcode",
    "MatchReasonsType0Street",
    "MatchReasonsType0Town",
    "Mortgage",
    "Page",
    "PlanningApplication",
    "PlanningSearch",
    "PlanningSearchStatus",
    "PlanningSearchType",
    "PostcodeProfile",
    "PostcodeProfileBroadbandType0",
    "PostcodeProfileCensusType0",
    "PostcodeProfileCensusType0AgeBandsType0",
    "PostcodeProfileCensusType0TenureType0",
    "PostcodeProfileCouncilTaxType0",
    "PostcodeProfileCouncilTaxType0BandDistributionType0",
    "PostcodeProfileDeprivationType0",
    "PostcodeProfileDeprivationType0Domains",
    "PostcodeProfileDetailType1",
    "PostcodeProfileDetailType2Type1",
    "PostcodeProfileDetailType3Type1",
    "PostcodeProfileEnvironmentalRiskType0",
    "PostcodeProfileEnvironmentalRiskType0FloodType0",
    "PostcodeProfileEnvironmentalRiskType0RadonType0",
    "PostcodeProfileHpiType0",
    "PostcodeProfileHpiType0TrendType0Item",
    "PostcodeProfilePropertiesType0",
    "PostcodeProfilePropertiesType0TypeBreakdownType0",
    "PostcodeProfileSchoolsType0",
    "PostcodeProfileSchoolsType0ByOfstedRatingType0",
    "PostcodeProfileSoldPricesType0",
    "PostcodeProfileTransportType0",
    "PostcodeProfileTransportType0ByTypeType0",
    "PostcodeSuccessor",
    "PostcodeSuccessorBasis",
    "PriceDistribution",
    "PriceDistributionBinListItem",
    "PriceDistributionBins",
    "PriceGrowth",
    "PricePeriodType0",
    "PriceStats",
    "PriceTrends",
    "PriceTrendsMonthsItem",
    "PropertiesPartPart",
    "PropertyDiscoverWithItem",
    "PropertyDiscovery",
    "PropertyDiscoveryAddOnsItem",
    "PropertyDiscoveryPartsItem",
    "PropertyDiscoveryTiersItem",
    "PropertyFieldsType0CouncilTaxHistoryItemType0",
    "PropertyFieldsType0EpcRenovationsItemType0",
    "PropertyFieldsType0LocationType0",
    "PropertyFieldsType0PostcodeHistoryItemType0",
    "PropertyListing",
    "PropertyRecord",
    "PropertyTierTier",
    "Ready",
    "ReadyOpensearch",
    "ReadyRedis",
    "RiskResult",
    "RiskResultPropertiesType0",
    "Risks",
    "RisksGetRiskType",
    "RisksLayerRiskType",
    "Sale",
    "SaleEvent",
    "SaleEventRef",
    "SavedSearchFilters",
    "SavedSearchFiltersPropertyTypeType1Item",
    "SavedSearchFiltersTransactionType",
    "School",
    "SchoolAddressType0",
    "SchoolContactType0",
    "SchoolOfstedType0",
    "SchoolsNearby",
    "SchoolsNearbyOfsted",
    "SchoolsNearbyOfstedSummary",
    "SchoolsNearbyPhase",
    "SchoolsNearbyQueryType0",
    "ServiceSchemaFormat",
    "ServiceSchemaResponse200",
    "ServiceSchemaResponse200Paths",
    "SolarAssessment",
    "SolarAssessmentAssumptions",
    "SolarAssessmentRating",
    "SolarAssessmentRoofType0",
    "SolarAssessmentSystemType0",
    "SourceMetaType0",
    "StampDuty",
    "StampDutyAdditionalDwellingSupplementType0",
    "StampDutyBandsItem",
    "StampDutyRatesType0",
    "StampDutyRegion",
    "ValuationEstimate",
    "ValuationEstimateComparablePropertiesItem",
    "ValuationEstimateConfidenceType0",
    "ValuationEstimateMethod",
    "ValuationEstimateMethodologyType0",
    "ValuationEstimateMethodologyType0WeightsType0",
    "ValuationEstimateType",
    "ValuationsEstimateType",
)
