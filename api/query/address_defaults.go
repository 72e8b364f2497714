package query

// The address typeahead's tuning values, in one place: bounds on what a
// query counts and scores, the letter counts that choose its path, and the
// scoring boosts of the free-text query (addressTextBool).

// TextTotalCap bounds meta.total of free-text queries: exact up to it,
// that cap beyond.
const TextTotalCap = 1000

// TextScoreWindow is the most matches a free-text query scores. The
// addresses index is stored most popular first, so the engine scores the
// first TextScoreWindow matches in that order and stops: an input as
// broad as "north" or "27 church l" (thousands of matches, more as the
// index grows) is ranked among its most popular thousand, at a cost that
// does not grow with the country. An input that identifies an address
// matches far fewer and is ranked over all of them.
const TextScoreWindow = TextTotalCap

// FuzzyMinLength is the shortest word the fuzzy fallback corrects.
const FuzzyMinLength = 5

// SpecificMinLetters is the fewest letters (in words, designators aside)
// from which the first request is the strict query over every address:
// on the typing workload at 1M, the units query came back short of ten
// suggestions (and so was widened) for 6% of inputs of up to seven
// letters, 31% of eight to eleven, 75% of twelve to fifteen and 98% or
// more beyond.
const SpecificMinLetters = 12

// BroadMaxLetters is the most letters (in words, designators aside) an
// input may hold and still be ranked by popularity alone (Broad).
const BroadMaxLetters = 4

// BuildingMinFlats is the number of matched flats from which a building
// comes back as one suggestion instead of its flats; the flat count asks
// for that many flats of each building.
const BuildingMinFlats = 3

// Scoring boosts of the free-text query (the should clauses of
// addressTextBool), added to the popularity of the address. Untyped, so
// the request bodies marshal them as before (2, not 2.0).
const (
	BoostCompleteWords  = 2    // the words as complete words (search_text.words), not prefixes
	BoostWordOrder      = 1    // the words in the typed order (two words or more), within PhraseSlop
	PhraseSlop          = 3    // the word-order phrase's slop
	BoostNumberExact    = 2    // the number typed last matched whole, not as a prefix
	BoostHouseNumber    = 3    // the house number in its own field
	BoostFlatNumber     = 3    // the flat number in its own field
	BoostOutcode        = 2    // the outcode typed
	BoostBuildingRecord = 0.01 // the building-level record wins its group: a tie-breaker only
	BoostNotFlat        = 0.5  // houses before flats when flats are not collapsed
	BoostBias           = 4    // distance to the location bias (distance_feature)
	BiasPivot           = "2km"
)
