// +groupName=labels.example.com
package registerless

// ControllerLabel uses GroupName, which zz_generated.register.go declares
// (not written yet), as gateway-api's well_known_labels.go does.
const ControllerLabel = GroupName + "/controller"

// Gadget is a test type.
type Gadget struct {
	Name string `json:"name"`
}
