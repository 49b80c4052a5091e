// +groupName=bad.example.com
package registerwithoutdeepcopy
