package synth

import "sync"

// town is one real place the generator builds: real outcodes, an
// approximate real centre, the real local authority and region.
type town struct {
	Name     string
	County   string // for display names: "Exeter, Devon"
	Country  string // E, W, S, N
	Region   string // HPI region
	LADCode  string
	LADName  string
	Lat, Lon float64
	Outcodes []string
	// Overflow are neighbouring postcode areas whose districts a town
	// grown past its own area's 99 takes next (national-size worlds).
	Overflow   []string
	Localities []string
	Weight     float64 // share of the properties (≈ real population, thousands)
	PriceMult  float64 // town premium over its region
	TitlePfx   string  // land registry title number prefix
	Hospitals  []string
	Stations   []string
	ONSPrefix  string // ward, MSOA, LSOA code prefixes by country
	BandDPence int64  // 2020-21 band D charge
	CrimeData  bool   // police.uk publishes street crime here
	Coal       bool   // on a coalfield
	FloodCover bool   // the flood layers assess this town
	NoiseCover bool
	RadonBase  int // typical radon band (1..6)
}

func towns() []town {
	return []town{
		{Name: "Exeter", County: "Devon", Country: "E", Region: "South West", LADCode: "E07000041", LADName: "Exeter",
			Lat: 50.7236, Lon: -3.5275, Outcodes: []string{"EX1", "EX2", "EX3", "EX4"}, Overflow: []string{"TQ", "PL"},
			Localities: []string{"Heavitree", "St Thomas", "Pinhoe", "Alphington", "Topsham", "Pennsylvania", "Whipton", "St Leonards"},
			Weight:     130, PriceMult: 1.05, TitlePfx: "DN", Hospitals: []string{"Royal Devon and Exeter Hospital", "Heavitree Hospital"},
			Stations: []string{"Exeter St Davids", "Exeter Central", "St James Park", "Polsloe Bridge"}, BandDPence: 185000,
			CrimeData: true, FloodCover: true, NoiseCover: true, RadonBase: 4},
		{Name: "Telford", County: "Shropshire", Country: "E", Region: "West Midlands", LADCode: "E06000020", LADName: "Telford and Wrekin",
			Lat: 52.6766, Lon: -2.4469, Outcodes: []string{"TF1", "TF2", "TF3"}, Overflow: []string{"WV", "SY"},
			Localities: []string{"Wellington", "Madeley", "Dawley", "Oakengates", "Donnington", "Hadley", "Ketley", "Stirchley"},
			Weight:     185, PriceMult: 0.92, TitlePfx: "SL", Hospitals: []string{"Princess Royal Hospital"},
			Stations: []string{"Telford Central", "Wellington", "Oakengates"}, BandDPence: 172000,
			CrimeData: true, Coal: true, FloodCover: true, NoiseCover: true, RadonBase: 2},
		{Name: "Leeds", County: "West Yorkshire", Country: "E", Region: "Yorkshire and The Humber", LADCode: "E08000035", LADName: "Leeds",
			Lat: 53.7997, Lon: -1.5492, Outcodes: []string{"LS1", "LS2", "LS3", "LS4", "LS5", "LS6", "LS7", "LS8"}, Overflow: []string{"WF", "BD", "HG"},
			Localities: []string{"Headingley", "Chapel Allerton", "Roundhay", "Hyde Park", "Burley", "Harehills", "Kirkstall", "Meanwood"},
			Weight:     800, PriceMult: 1.05, TitlePfx: "WYK", Hospitals: []string{"Leeds General Infirmary", "St James's University Hospital", "Chapel Allerton Hospital"},
			Stations: []string{"Leeds", "Burley Park", "Headingley", "Cross Gates"}, BandDPence: 175000,
			CrimeData: true, Coal: true, FloodCover: true, NoiseCover: true, RadonBase: 1},
		{Name: "Bristol", County: "City of Bristol", Country: "E", Region: "South West", LADCode: "E06000023", LADName: "Bristol, City of",
			Lat: 51.4545, Lon: -2.5879, Outcodes: []string{"BS1", "BS2", "BS3", "BS4", "BS5", "BS6", "BS7", "BS8"}, Overflow: []string{"BA", "GL"},
			Localities: []string{"Clifton", "Redland", "Bedminster", "Southville", "Easton", "Cotham", "Montpelier", "Brislington"},
			Weight:     470, PriceMult: 1.3, TitlePfx: "BL", Hospitals: []string{"Bristol Royal Infirmary", "Southmead Hospital"},
			Stations: []string{"Bristol Temple Meads", "Bristol Parkway", "Montpelier", "Redland", "Clifton Down"}, BandDPence: 215000,
			CrimeData: true, Coal: true, FloodCover: true, NoiseCover: true, RadonBase: 2},
		{Name: "Manchester", County: "Greater Manchester", Country: "E", Region: "North West", LADCode: "E08000003", LADName: "Manchester",
			Lat: 53.4808, Lon: -2.2426, Outcodes: []string{"M1", "M2", "M3", "M4", "M8", "M9", "M11", "M12", "M13", "M14", "M15", "M16", "M19", "M20"}, Overflow: []string{"OL", "SK", "WA"},
			Localities: []string{"Ancoats", "Hulme", "Moss Side", "Fallowfield", "Withington", "Didsbury", "Rusholme", "Levenshulme", "Chorlton", "Cheetham Hill", "Gorton", "Ardwick"},
			Weight:     550, PriceMult: 1.08, TitlePfx: "MAN", Hospitals: []string{"Manchester Royal Infirmary", "Wythenshawe Hospital", "North Manchester General Hospital"},
			Stations: []string{"Manchester Piccadilly", "Manchester Oxford Road", "Manchester Victoria", "Deansgate", "Levenshulme", "Burnage"}, BandDPence: 170000,
			CrimeData: true, Coal: true, FloodCover: true, NoiseCover: true, RadonBase: 1},
		{Name: "Cardiff", County: "Cardiff", Country: "W", Region: "Wales", LADCode: "W06000015", LADName: "Cardiff",
			Lat: 51.4816, Lon: -3.1791, Outcodes: []string{"CF10", "CF11", "CF14", "CF23", "CF24"}, Overflow: []string{"NP"},
			Localities: []string{"Canton", "Roath", "Cathays", "Splott", "Grangetown", "Llandaff", "Whitchurch", "Penylan"},
			Weight:     360, PriceMult: 1.12, TitlePfx: "CYM", Hospitals: []string{"University Hospital of Wales", "Llandough Hospital"},
			Stations: []string{"Cardiff Central", "Cardiff Queen Street", "Cathays", "Ninian Park"}, BandDPence: 140000,
			CrimeData: true, Coal: true, FloodCover: true, NoiseCover: true, RadonBase: 2},
		{Name: "Edinburgh", County: "City of Edinburgh", Country: "S", Region: "Scotland", LADCode: "S12000036", LADName: "City of Edinburgh",
			Lat: 55.9533, Lon: -3.1883, Outcodes: []string{"EH1", "EH2", "EH3", "EH4", "EH5", "EH6", "EH7", "EH8", "EH9", "EH10", "EH11", "EH12"}, Overflow: []string{"KY", "FK"},
			Localities: []string{"Leith", "Morningside", "Stockbridge", "Marchmont", "Bruntsfield", "Portobello", "Corstorphine", "Newington", "Gorgie", "Trinity"},
			Weight:     520, PriceMult: 1.55, TitlePfx: "MID", Hospitals: []string{"Royal Infirmary of Edinburgh", "Western General Hospital"},
			Stations: []string{"Edinburgh Waverley", "Haymarket", "Slateford", "Brunstane"}, BandDPence: 140000,
			CrimeData: false, Coal: true, FloodCover: false, NoiseCover: true, RadonBase: 1},
		{Name: "Belfast", County: "County Antrim", Country: "N", Region: "Northern Ireland", LADCode: "N09000003", LADName: "Belfast",
			Lat: 54.5973, Lon: -5.9301, Outcodes: []string{"BT1", "BT2", "BT3", "BT4", "BT5", "BT6", "BT7", "BT8", "BT9"},
			Localities: []string{"Ballyhackamore", "Stranmillis", "Ormeau", "Sandy Row", "Ballymacarrett", "Malone", "Shankill", "Falls", "Knock"},
			Weight:     345, PriceMult: 1.0, TitlePfx: "AN", Hospitals: []string{"Royal Victoria Hospital", "Belfast City Hospital", "Mater Hospital"},
			Stations: []string{"Belfast Grand Central", "Lanyon Place", "Botanic", "City Hospital"}, BandDPence: 0,
			CrimeData: true, FloodCover: false, NoiseCover: false, RadonBase: 2},
	}
}

// regions lists the HPI regions with the average price at index 100
// (January 2015) and how strongly each follows the national cycle.
type region struct {
	Name     string
	Base2015 float64
	Beta     float64
}

func regions() []region {
	return []region{
		{"South West", 212000, 1.0},
		{"West Midlands", 166000, 0.95},
		{"Yorkshire and The Humber", 145000, 0.9},
		{"North West", 142000, 0.95},
		{"Wales", 140000, 0.95},
		{"Scotland", 138000, 0.8},
		{"Northern Ireland", 118000, 1.25},
	}
}

// onsCodes returns the ward, MSOA and LSOA code prefixes of a country.
func onsCodes(country string) (ward, msoa, lsoa string) {
	switch country {
	case "W":
		return "W05", "W02", "W01"
	case "S":
		return "S13", "S02", "S01"
	case "N":
		return "N08", "N20", "N21"
	}
	return "E05", "E02", "E01"
}

var streetRoots = []string{
	"Oak", "Elm", "Ash", "Beech", "Birch", "Cedar", "Hazel", "Holly", "Maple", "Willow", "Rowan", "Alder", "Larch", "Poplar", "Yew",
	"Church", "Mill", "Station", "Victoria", "Albert", "King", "Queen", "Park", "Manor", "Meadow", "Orchard", "Chapel", "School",
	"Castle", "Bridge", "Market", "North", "South", "West", "East", "High", "New", "Grange", "Priory", "Abbey", "Rectory", "Vicarage",
	"Spring", "Well", "Brook", "River", "Hill", "Valley", "Forest", "Heath", "Moor", "Field", "Farm", "Green", "Windmill", "Quarry",
	"Cromwell", "Wellington", "Nelson", "Gladstone", "Marlborough", "Windsor", "York", "Lancaster", "Stanley", "Percy", "Howard",
	"Balmoral", "Clarence", "Cambridge", "Oxford", "Kingsley", "Tennyson", "Byron", "Shelley", "Milton", "Chaucer", "Darwin",
}

// National vocabulary (Config.NationalNames). Real street words follow a
// long-tailed distribution: a few (Church, High, Station, Park) name
// about 0.5-1% of Britain's streets, most far fewer (Gladstone about
// 0.06%). The classic roots alone give each of 77 words ~1.3% of the
// streets at any size: at 32M addresses every root word is on ~560,000
// addresses, and each typed word's postings are that long. Nationally,
// classicRootShare of the names keep a classic root and the rest draw one
// of the tail roots: compounds of toponymic elements (Ashworth,
// Bramleigh, Kenbury), about 3,000 of them.
const classicRootShare = 0.15

var tailRootFirst = []string{
	"Ald", "Amber", "Ap", "Ard", "Ayl", "Bal", "Barn", "Bed", "Bex", "Black", "Brad", "Bram", "Bren", "Brom", "Burn", "Cal",
	"Carl", "Chad", "Chel", "Chil", "Clay", "Cold", "Cot", "Crow", "Dal", "Dar", "Den", "Don", "Dun", "Ed", "Em", "Ever",
	"Fair", "Farn", "Fen", "Gains", "Glen", "Gold", "Graf", "Ham", "Har", "Hart", "Hay", "Hen", "Hol", "Hun", "Ick", "Ken",
	"Kin", "Lang", "Lin", "Lox", "Mal", "Mar", "Mel", "Mor", "Nor", "Ock", "Pen", "Quen", "Rad", "Ram", "Red", "Rother",
	"Sal", "Shep", "Stan", "Sut", "Thorn", "Wal", "Whit", "Wil",
}

var tailRootSecond = []string{
	"by", "borough", "bourne", "bury", "caster", "combe", "cote", "den", "don", "ey", "garth", "hall", "ham", "hampton",
	"holme", "hope", "ington", "land", "ley", "low", "marsh", "mere", "minster", "more", "ney", "ridge", "sall", "sey",
	"shaw", "stead", "stow", "thorpe", "ton", "wald", "well", "wich", "wick", "worth", "wyn", "field", "wood", "dale",
}

// tailRoots are the national vocabulary's tail, in a fixed order.
var tailRoots = sync.OnceValue(func() []string {
	classic := map[string]bool{}
	for _, r := range streetRoots {
		classic[r] = true
	}
	var out []string
	for _, a := range tailRootFirst {
		for _, b := range tailRootSecond {
			if w := a + b; !classic[w] {
				out = append(out, w)
			}
		}
	}
	return out
})

var streetSuffixes = []string{"", "field", "wood", "dale", "bank", "hurst", "leigh", "ford", "brook", "lea", "croft", "mead", "gate", "stone"}

var streetTypes = []string{"Road", "Street", "Close", "Avenue", "Lane", "Drive", "Gardens", "Grove", "Crescent", "Way", "Place", "Terrace", "Mews", "Rise", "View", "Walk"}

var buildingWords = []string{"Court", "House", "Lodge", "Apartments", "Mansions", "Point", "Heights", "Place"}

var agentNames = []string{
	"Hawkins & Co", "Fulford Estates", "Stratton Creber", "Marchant Property", "Bramley Homes", "Kingfisher Estate Agents",
	"Oakwood Residential", "Harbour & Hale", "Northgate Lettings", "Pennington Moves", "Castle & Crown", "Riverside Property",
	"Thistle Estates", "Cathedral Homes", "Redbrick Agents", "Greenway Sales",
}
