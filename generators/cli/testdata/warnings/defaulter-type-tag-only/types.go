package config

// +k8s:defaulter-gen=true
type Configuration struct {
	Name string `json:"name"`
}
