package malformedjsontag

type Thing struct {
	Name  string `json:name`
	Title string `json:"title" protobuf:"bytes,1`
	Size  int32  `json:"size,omitempy"`
}
