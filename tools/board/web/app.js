// The page is being written.
