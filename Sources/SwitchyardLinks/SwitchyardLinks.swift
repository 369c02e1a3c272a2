// Switchyard Links: a self-hosted link service over a route table. The module's pieces land in
// the folders beside this file; see its DocC catalog.
