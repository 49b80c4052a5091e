// +groupName=bad.example.com
// +metagen:client-output=client
package errapply
