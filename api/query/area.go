package query

// Area statistics: document lookups by id inside a multi-search.

// ByID reads one document by id (an ids query, so it can ride in a
// multi-search next to aggregations).
func ByID(id string) M {
	return M{"size": 1, "query": M{"ids": M{"values": []string{id}}}}
}
