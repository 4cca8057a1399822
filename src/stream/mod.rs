//! Chunk streaming: which chunks should exist around the skier, built on worker threads.
//! No GPU code here: the app uploads what this hands over.
