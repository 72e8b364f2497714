package api

// Map and nearby search: live listings, clusters, schools, amenities, planning, crime, listed buildings, boundaries (issue 5).

import "net/http"

func (s *Server) liveListingsSearch(w http.ResponseWriter, r *http.Request) error {
	return errNotImplemented
}

func (s *Server) liveListingsClusters(w http.ResponseWriter, r *http.Request) error {
	return errNotImplemented
}

func (s *Server) schoolsNearby(w http.ResponseWriter, r *http.Request) error {
	return errNotImplemented
}

func (s *Server) amenitiesNearby(w http.ResponseWriter, r *http.Request) error {
	return errNotImplemented
}

func (s *Server) amenitiesAll(w http.ResponseWriter, r *http.Request) error {
	return errNotImplemented
}

func (s *Server) amenitiesGroup(w http.ResponseWriter, r *http.Request) error {
	return errNotImplemented
}

func (s *Server) healthcareAll(w http.ResponseWriter, r *http.Request) error {
	return errNotImplemented
}

func (s *Server) healthcareKind(w http.ResponseWriter, r *http.Request) error {
	return errNotImplemented
}

func (s *Server) fuelAll(w http.ResponseWriter, r *http.Request) error {
	return errNotImplemented
}

func (s *Server) fuelKind(w http.ResponseWriter, r *http.Request) error {
	return errNotImplemented
}

func (s *Server) planningSearch(w http.ResponseWriter, r *http.Request) error {
	return errNotImplemented
}

func (s *Server) crime(w http.ResponseWriter, r *http.Request) error {
	return errNotImplemented
}

func (s *Server) listedBuildings(w http.ResponseWriter, r *http.Request) error {
	return errNotImplemented
}

func (s *Server) boundariesAutocomplete(w http.ResponseWriter, r *http.Request) error {
	return errNotImplemented
}
