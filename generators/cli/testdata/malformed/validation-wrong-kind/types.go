package validationwrongkind

type Spec struct {
	// +k8s:maxLength=10
	Count int `json:"count"`
	// +k8s:listType=map
	// +k8s:listMapKey=nmae
	Items []Item `json:"items"`
}

type Item struct {
	Name string `json:"name"`
}
