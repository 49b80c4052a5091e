package v1

func init() { localSchemeBuilder.Register(RegisterDefaults) }
