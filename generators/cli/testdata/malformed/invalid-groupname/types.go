package invalidgroupname

type Thing struct {
	Name string `json:"name"`
}
